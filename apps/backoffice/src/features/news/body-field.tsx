/**
 * The body's field on the editor's page: the rich-text editor (body-editor.tsx, with Tiptap and
 * ProseMirror about a third of the page's JavaScript) in a chunk of its own, asked for as soon as the
 * page's module runs, so the page paints and its other fields work without waiting for it. Until it
 * is in, a box of the same size and look holds its place: the same label, toolbar (its buttons
 * disabled) and help, and the body drawn as the editor draws it, so nothing on the page moves when
 * the editor takes over. The form keeps the body it was given until the editor reports a change, so
 * a save before the editor is in sends the body as it was.
 */
import type { Block, Inline, RichText } from '@botica/api-client/schemas';
import { Fragment, lazy, type ReactNode, Suspense, useId } from 'react';
import type { BodyEditorProps } from './body-editor.tsx';
import { BODY_HELP, BODY_LABEL, TOOLS, ToolButton } from './body-editor-tools.tsx';

// Asked for when this module runs (with the page's route module), not when the field first renders:
// the request starts before React renders the page instead of after its first paint.
const editorModule = import('./body-editor.tsx');
// A failed load is the lazy editor's to throw as it renders (the route's error page reloads a page
// whose chunks were replaced); this keeps the browser from reporting it as unhandled before that.
editorModule.catch(() => undefined);
const LazyBodyEditor = lazy(async () => ({ default: (await editorModule).BodyEditor }));

/** What the editor says while its chunk loads (read by screen readers only: the box looks like the editor). */
export const EDITOR_LOADING = 'Cargando el editor del cuerpo…';

/** A run of text with its marks, nested as the editor's schema nests them (link, bold, italic). */
function run(inline: Inline, key: number): ReactNode {
  let node: ReactNode = inline.text;
  if (inline.italic) node = <em>{node}</em>;
  if (inline.bold) node = <strong>{node}</strong>;
  // Drawn as a link, not one: the box is not the editor yet, and its links are text to read.
  if (inline.href) node = <span className="bo-news-editor__link">{node}</span>;
  return <Fragment key={key}>{node}</Fragment>;
}

/** A line of runs as the editor's paragraph, with the break it keeps in an empty one. */
function paragraph(children: readonly Inline[], key?: number): ReactNode {
  return <p key={key}>{children.length > 0 ? children.map(run) : <br />}</p>;
}

/** A block as the editor's document draws it (a list item's and a quote's text in a paragraph). */
function block(value: Block, key: number): ReactNode {
  switch (value.type) {
    case 'paragraph':
      return paragraph(value.children, key);
    case 'heading':
      return value.level === 2 ? (
        <h2 key={key}>{value.children.map(run)}</h2>
      ) : (
        <h3 key={key}>{value.children.map(run)}</h3>
      );
    case 'list': {
      const items = value.items.map((item, index) => <li key={index}>{paragraph(item)}</li>);
      return value.style === 'number' ? <ol key={key}>{items}</ol> : <ul key={key}>{items}</ul>;
    }
    case 'quote':
      return <blockquote key={key}>{paragraph(value.children)}</blockquote>;
  }
}

export interface BodyEditorPlaceholderProps {
  /** The body to show. */
  initial: RichText;
  errorMessage?: string | undefined;
}

/**
 * The editor's box while its chunk loads: what the editor will show, where it will show it, named
 * as the body's field and marked busy, with no control to reach.
 */
export function BodyEditorPlaceholder({ initial, errorMessage }: BodyEditorPlaceholderProps) {
  const labelId = useId();
  const loadingId = useId();
  return (
    <div className="bo-news-editor">
      <span id={labelId} className="bt-field__label">
        {BODY_LABEL}
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: the frame keeps the editor's box model (a fieldset brings its own); the group only names it and says it is busy. */}
      <div
        className="bo-news-editor__frame"
        role="group"
        aria-labelledby={labelId}
        aria-describedby={loadingId}
        aria-busy="true"
      >
        <span id={loadingId} role="status" className="bt-visually-hidden">
          {EDITOR_LOADING}
        </span>
        <div role="toolbar" aria-label="Formato del cuerpo" className="bo-news-editor__toolbar">
          {TOOLS.map((tool, index) => (
            <ToolButton key={tool.id} tool={tool} isPressed={false} isDisabled isTabStop={index === 0} />
          ))}
        </div>
        <div className={errorMessage ? 'bo-news-editor__box is-invalid' : 'bo-news-editor__box'}>
          <div className="bo-news-editor__content">
            {initial.length > 0 ? initial.map(block) : paragraph([])}
          </div>
        </div>
      </div>
      <span className="bo-news__muted">{BODY_HELP}</span>
      {errorMessage ? <span className="bo-news-editor__error">{errorMessage}</span> : null}
    </div>
  );
}

/** The body's field: the editor once its chunk is in, its look until then. */
export function BodyField(props: BodyEditorProps) {
  return (
    <Suspense fallback={<BodyEditorPlaceholder initial={props.initial} errorMessage={props.errorMessage} />}>
      <LazyBodyEditor {...props} />
    </Suspense>
  );
}
