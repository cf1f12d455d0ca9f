/**
 * The body's field on the editor's page: its label, help and error, and between them the rich-text
 * editor (body-editor.tsx: with Tiptap and ProseMirror, a third of the page's JavaScript) from a
 * chunk of its own, asked for once the page has shown its first content and gone idle, so the page paints and its
 * other fields work without waiting for it. Until it is in, a box of the same size and look holds its
 * place: the same toolbar (its buttons disabled) and the body drawn as the editor draws it, so nothing
 * on the page moves when the editor takes over; the label, help and error stay the same elements.
 * The form keeps the body it was given until the editor reports a change, so a save before the
 * editor is in sends the body as it was. A chunk that cannot be loaded (the network gone) leaves the
 * box in place with what happened and a 'Reintentar': the page and what was typed in its other fields
 * stay, and can be saved.
 */
import type { Block, Inline, RichText } from '@botica/api-client/schemas';
import { whenIdle } from '@botica/app-shell';
import { Button } from '@botica/ui';
import { type ComponentType, Fragment, type ReactNode, useEffect, useId, useState } from 'react';
import type { BodyEditorProps } from './body-editor.tsx';
import { BODY_HELP, BODY_LABEL, TOOLS, ToolButton } from './body-editor-tools.tsx';

/** What the editor says while its chunk loads (read by screen readers only: the box looks like the editor). */
export const EDITOR_LOADING = 'Cargando el editor del cuerpo…';

/** What the field says when the editor's chunk could not be loaded. */
export const EDITOR_FAILED = 'No se ha podido cargar el editor del cuerpo. Comprueba tu conexión a internet.';

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
  /** The id of the field's label. */
  labelId: string;
  isInvalid?: boolean;
  /** The editor's chunk could not be loaded: what to do about it, instead of the loading status. */
  failure?: ReactNode;
}

/**
 * The editor's toolbar and box while its chunk loads: what the editor will show, where it will show
 * it, named as the body's field and marked busy, with no control to reach.
 */
export function BodyEditorPlaceholder({
  initial,
  labelId,
  isInvalid = false,
  failure,
}: BodyEditorPlaceholderProps) {
  const loadingId = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: the frame keeps the editor's box model (a fieldset brings its own); the group only names it and says it is busy.
    <div
      className="bo-news-editor__frame"
      role="group"
      aria-labelledby={labelId}
      aria-describedby={loadingId}
      aria-busy={failure ? undefined : 'true'}
    >
      {failure ? (
        <div id={loadingId} role="alert" className="bo-news-editor__failure">
          {failure}
        </div>
      ) : (
        <span id={loadingId} role="status" className="bt-visually-hidden">
          {EDITOR_LOADING}
        </span>
      )}
      <div role="toolbar" aria-label="Formato del cuerpo" className="bo-news-editor__toolbar">
        {TOOLS.map((tool, index) => (
          <ToolButton key={tool.id} tool={tool} isPressed={false} isDisabled isTabStop={index === 0} />
        ))}
      </div>
      <div className={isInvalid ? 'bo-news-editor__box is-invalid' : 'bo-news-editor__box'}>
        <div className="bo-news-editor__content">
          {initial.length > 0 ? initial.map(block) : paragraph([])}
        </div>
      </div>
    </div>
  );
}

/**
 * Runs `task` once the page has shown its first content (the browser's `first-contentful-paint`
 * entry, which it records once the frame is on screen), at once if it already has, or after 3 s
 * where the browser records no paint. Returns the cancel, for an effect's cleanup.
 */
function afterFirstContentfulPaint(task: () => void): () => void {
  if (performance.getEntriesByName('first-contentful-paint').length > 0) {
    task();
    return () => undefined;
  }
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    window.clearTimeout(timer);
    task();
  };
  // 'first-paint' comes first on some pages (a background, no content yet): only the contentful one counts.
  const observer =
    typeof PerformanceObserver === 'function'
      ? new PerformanceObserver((list) => {
          if (list.getEntriesByName('first-contentful-paint').length > 0) once();
        })
      : null;
  observer?.observe({ type: 'paint', buffered: true });
  const timer = window.setTimeout(once, 3000);
  return () => {
    done = true;
    observer?.disconnect();
    window.clearTimeout(timer);
  };
}

type EditorComponent = ComponentType<BodyEditorProps>;

/** The editor once its chunk is in: every later page shows it at once. */
let loadedEditor: EditorComponent | undefined;
/** The chunk's load under way; forgotten when it fails, so that the next try loads it again. */
let editorLoad: Promise<EditorComponent> | undefined;

/**
 * The editor's chunk (130 KB gzipped), asked for once the page has shown its first content and is
 * idle, not as soon as this module runs: the module runs while the page still waits for the session
 * check, and the chunk would share the connection with what the first paint needs. Waiting for the
 * next frame is not enough: the browser shows a frame a little after the tasks that follow it, and a
 * request made in between still competes with the first paint (measured with Lighthouse).
 */
export function loadEditorAfterPaint(): Promise<EditorComponent> {
  editorLoad ??= new Promise<void>((resolve) => {
    afterFirstContentfulPaint(() => whenIdle(resolve));
  })
    .then(() => import('./body-editor.tsx'))
    .then(({ BodyEditor }) => {
      loadedEditor = BodyEditor;
      return BodyEditor;
    });
  editorLoad.catch(() => {
    editorLoad = undefined;
  });
  return editorLoad;
}

export type BodyFieldProps = Omit<BodyEditorProps, 'ids'> & {
  /** How the editor's chunk is loaded (tests give their own). @default loadEditorAfterPaint */
  loadEditor?: () => Promise<EditorComponent>;
};

/** The body's field: its label, the editor once its chunk is in (its look until then), its help and error. */
export function BodyField({
  initial,
  onChange,
  errorMessage,
  isReadOnly,
  loadEditor = loadEditorAfterPaint,
}: BodyFieldProps) {
  const ids = { label: useId(), help: useId(), error: useId() };
  const [editor, setEditor] = useState<{ Editor?: EditorComponent; failed: boolean }>(() =>
    loadEditor === loadEditorAfterPaint && loadedEditor
      ? { Editor: loadedEditor, failed: false }
      : { failed: false },
  );
  useEffect(() => {
    if (editor.Editor || editor.failed) return;
    let isCurrent = true;
    loadEditor().then(
      (Editor) => {
        if (isCurrent) setEditor({ Editor, failed: false });
      },
      () => {
        if (isCurrent) setEditor({ failed: true });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [editor, loadEditor]);
  const { Editor } = editor;
  return (
    <div className="bo-news-editor">
      <span id={ids.label} className="bt-field__label">
        {BODY_LABEL}
      </span>
      {Editor ? (
        <Editor
          initial={initial}
          onChange={onChange}
          ids={ids}
          errorMessage={errorMessage}
          isReadOnly={isReadOnly}
        />
      ) : (
        <BodyEditorPlaceholder
          initial={initial}
          labelId={ids.label}
          isInvalid={Boolean(errorMessage)}
          failure={
            editor.failed ? (
              <>
                <span>{EDITOR_FAILED}</span>
                <Button variant="secondary" onPress={() => setEditor({ failed: false })}>
                  Reintentar
                </Button>
              </>
            ) : undefined
          }
        />
      )}
      <span id={ids.help} className="bo-news__muted">
        {BODY_HELP}
      </span>
      {errorMessage ? (
        <span id={ids.error} className="bo-news-editor__error">
          {errorMessage}
        </span>
      ) : null}
    </div>
  );
}
