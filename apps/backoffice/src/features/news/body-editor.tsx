/**
 * The body's editor: Tiptap on a schema of only what a post's body holds (editor-schema.ts), a
 * toolbar whose buttons say what they do and whether they are on, the usual shortcuts (Ctrl+B, Ctrl+I,
 * Ctrl+Alt+2 and 3, Ctrl+Mayús+8 and 7, Ctrl+Mayús+B, Ctrl+K for a link) and a link dialog that takes
 * only the addresses the portal follows. It reports every change as a `RichText` body.
 */
import { isSafeHref, type RichText } from '@botica/api-client/schemas';
import { Button, Dialog, TextField } from '@botica/ui';
import { type Editor, Extension } from '@tiptap/core';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { type FormEvent, type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { editorExtensions, inertPastedHtml } from './editor-schema.ts';
import { fromRichText, toRichText } from './rich-text-json.ts';

/** The refusal of an address the portal would not follow. */
export const LINK_REFUSED =
  'Escribe una dirección que empiece por https://, un correo con mailto: o una ruta del portal que empiece por /.';

/** A toolbar glyph, 20 px, drawn in the text's colour. */
function Glyph({ children }: { children: ReactNode }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 20 20"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
    >
      {children}
    </svg>
  );
}

const BULLETS = (
  <Glyph>
    <circle cx="4" cy="5" r="1.3" fill="currentColor" stroke="none" />
    <circle cx="4" cy="10" r="1.3" fill="currentColor" stroke="none" />
    <circle cx="4" cy="15" r="1.3" fill="currentColor" stroke="none" />
    <path d="M8 5h9M8 10h9M8 15h9" />
  </Glyph>
);

const NUMBERS = (
  <Glyph>
    <path
      d="M3 3.5h1.5v4M2.8 7.5h3.2M8 5h9M8 10h9M8 15h9M2.8 12.5c.6-.8 2.8-.8 2.8.6 0 1.1-2.8 1.9-2.8 3.4h3"
      strokeWidth="1.3"
    />
  </Glyph>
);

const QUOTE = (
  <Glyph>
    <path d="M4 4v12M8 6h9M8 10h9M8 14h6" />
  </Glyph>
);

const LINK = (
  <Glyph>
    <path d="M8.5 11.5a3 3 0 0 0 4.2 0l2.6-2.6a3 3 0 0 0-4.2-4.2l-1 1M11.5 8.5a3 3 0 0 0-4.2 0l-2.6 2.6a3 3 0 0 0 4.2 4.2l1-1" />
  </Glyph>
);

interface ToolbarAction {
  id: string;
  label: string;
  shortcut: string;
  /** As `aria-keyshortcuts` names it. */
  keys: string;
  icon: ReactNode;
  isOn: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
}

const ACTIONS: readonly ToolbarAction[] = [
  {
    id: 'bold',
    label: 'Negrita',
    shortcut: 'Ctrl+B',
    keys: 'Control+B',
    icon: <b aria-hidden="true">B</b>,
    isOn: (editor) => editor.isActive('bold'),
    run: (editor) => editor.chain().focus().toggleBold().run(),
  },
  {
    id: 'italic',
    label: 'Cursiva',
    shortcut: 'Ctrl+I',
    keys: 'Control+I',
    icon: <i aria-hidden="true">I</i>,
    isOn: (editor) => editor.isActive('italic'),
    run: (editor) => editor.chain().focus().toggleItalic().run(),
  },
  {
    id: 'heading-2',
    label: 'Subtítulo',
    shortcut: 'Ctrl+Alt+2',
    keys: 'Control+Alt+2',
    icon: <span aria-hidden="true">T2</span>,
    isOn: (editor) => editor.isActive('heading', { level: 2 }),
    run: (editor) => editor.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    id: 'heading-3',
    label: 'Subtítulo menor',
    shortcut: 'Ctrl+Alt+3',
    keys: 'Control+Alt+3',
    icon: <span aria-hidden="true">T3</span>,
    isOn: (editor) => editor.isActive('heading', { level: 3 }),
    run: (editor) => editor.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    id: 'bullet-list',
    label: 'Lista',
    shortcut: 'Ctrl+Mayús+8',
    keys: 'Control+Shift+8',
    icon: BULLETS,
    isOn: (editor) => editor.isActive('bulletList'),
    run: (editor) => editor.chain().focus().toggleBulletList().run(),
  },
  {
    id: 'ordered-list',
    label: 'Lista numerada',
    shortcut: 'Ctrl+Mayús+7',
    keys: 'Control+Shift+7',
    icon: NUMBERS,
    isOn: (editor) => editor.isActive('orderedList'),
    run: (editor) => editor.chain().focus().toggleOrderedList().run(),
  },
  {
    id: 'quote',
    label: 'Cita',
    shortcut: 'Ctrl+Mayús+B',
    keys: 'Control+Shift+B',
    icon: QUOTE,
    isOn: (editor) => editor.isActive('blockquote'),
    run: (editor) => editor.chain().focus().toggleBlockquote().run(),
  },
];

interface LinkDraft {
  href: string;
  /** The link's text, asked only when nothing is selected. */
  text: string | null;
}

function LinkDialog({
  draft,
  isEditing,
  onSave,
  onRemove,
  onClose,
}: {
  draft: LinkDraft;
  isEditing: boolean;
  onSave: (draft: LinkDraft) => void;
  onRemove: () => void;
  onClose: () => void;
}) {
  const [href, setHref] = useState(draft.href);
  const [text, setText] = useState(draft.text ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [textProblem, setTextProblem] = useState<string | null>(null);
  const formId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = href.trim();
    const hrefProblem = isSafeHref(address) ? null : LINK_REFUSED;
    const missingText = draft.text !== null && text.trim() === '' ? 'Escribe el texto del enlace.' : null;
    setProblem(hrefProblem);
    setTextProblem(missingText);
    if (hrefProblem || missingText) return;
    onSave({ href: address, text: draft.text === null ? null : text.trim() });
  }

  return (
    <Dialog
      title={isEditing ? 'Editar el enlace' : 'Añadir un enlace'}
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      size="sm"
      footer={
        <>
          {isEditing ? (
            <Button variant="ghost" onPress={onRemove}>
              Quitar el enlace
            </Button>
          ) : null}
          <Button variant="secondary" onPress={onClose}>
            Cancelar
          </Button>
          <Button type="submit" form={formId}>
            {isEditing ? 'Guardar el enlace' : 'Añadir el enlace'}
          </Button>
        </>
      }
    >
      <form id={formId} className="bo-news-link" onSubmit={submit} noValidate>
        <TextField
          label="Dirección"
          description="https://…, mailto:… o una ruta del portal, por ejemplo /catalog."
          value={href}
          onChange={setHref}
          isInvalid={problem !== null}
          errorMessage={problem ?? undefined}
          isRequired
          autoFocus
          inputMode="url"
        />
        {draft.text !== null ? (
          <TextField
            label="Texto del enlace"
            value={text}
            onChange={setText}
            isInvalid={textProblem !== null}
            errorMessage={textProblem ?? undefined}
            isRequired
          />
        ) : null}
      </form>
    </Dialog>
  );
}

export interface BodyEditorProps {
  /** The body when the editor opens (later changes of it are the editor's own). */
  initial: RichText;
  onChange: (body: RichText) => void;
  /** The server's message about the body. */
  errorMessage?: string | undefined;
  isReadOnly?: boolean;
}

/** The body's field: its label, the toolbar, the editor and its help and error. */
export function BodyEditor({ initial, onChange, errorMessage, isReadOnly = false }: BodyEditorProps) {
  const labelId = useId();
  const helpId = useId();
  const errorId = useId();
  const [link, setLink] = useState<{ draft: LinkDraft; isEditing: boolean } | null>(null);
  const openLinkRef = useRef<() => void>(() => undefined);

  const editor = useEditor({
    extensions: [
      ...editorExtensions(),
      Extension.create({
        name: 'linkShortcut',
        addKeyboardShortcuts: () => ({
          'Mod-k': () => {
            openLinkRef.current();
            return true;
          },
        }),
      }),
    ],
    content: fromRichText(initial),
    editable: !isReadOnly,
    onUpdate: ({ editor: changed }) => onChange(toRichText(changed.getJSON())),
    editorProps: {
      transformPastedHTML: inertPastedHtml,
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'aria-describedby': errorMessage ? `${helpId} ${errorId}` : helpId,
        ...(errorMessage ? { 'aria-invalid': 'true' } : {}),
        ...(isReadOnly ? { 'aria-readonly': 'true' } : {}),
        class: 'bo-news-editor__content',
      },
    },
  });

  const pressed = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      Object.fromEntries([
        ...ACTIONS.map((action) => [action.id, current ? action.isOn(current) : false]),
        ['link', current?.isActive('link') ?? false],
      ]) as Record<string, boolean>,
  });

  openLinkRef.current = () => {
    if (!editor || isReadOnly) return;
    const current = editor.getAttributes('link').href as string | undefined;
    if (current) editor.chain().focus().extendMarkRange('link').run();
    const { empty } = editor.state.selection;
    setLink({
      draft: { href: current ?? 'https://', text: empty && !current ? '' : null },
      isEditing: Boolean(current),
    });
  };

  function saveLink({ href, text }: LinkDraft) {
    setLink(null);
    if (!editor) return;
    if (text !== null) {
      editor
        .chain()
        .focus()
        .insertContent({ type: 'text', text, marks: [{ type: 'link', attrs: { href } }] })
        .unsetMark('link')
        .run();
    } else editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
  }

  function removeLink() {
    setLink(null);
    editor?.chain().focus().extendMarkRange('link').unsetLink().run();
  }

  /** Arrow keys move along the toolbar; Tab leaves it (one stop). */
  function onToolbarKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % buttons.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + buttons.length) % buttons.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? buttons.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    for (const [position, button] of buttons.entries()) button.tabIndex = position === next ? 0 : -1;
    buttons[next]?.focus();
  }

  const toolButton = (
    id: string,
    label: string,
    shortcut: string,
    keys: string,
    icon: ReactNode,
    run: () => void,
    first: boolean,
  ) => (
    <button
      key={id}
      type="button"
      className="bo-news-editor__tool"
      aria-pressed={pressed?.[id] ?? false}
      aria-keyshortcuts={keys}
      title={`${label} (${shortcut})`}
      tabIndex={first ? 0 : -1}
      disabled={isReadOnly || !editor}
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
    >
      {icon}
      <span className="bt-visually-hidden">{label}</span>
    </button>
  );

  return (
    <div className="bo-news-editor">
      <span id={labelId} className="bt-field__label">
        Cuerpo de la noticia
      </span>
      <div className="bo-news-editor__frame">
        <div
          role="toolbar"
          aria-label="Formato del cuerpo"
          className="bo-news-editor__toolbar"
          onKeyDown={onToolbarKeyDown}
        >
          {ACTIONS.map((action, index) =>
            toolButton(
              action.id,
              action.label,
              action.shortcut,
              action.keys,
              action.icon,
              () => editor && action.run(editor),
              index === 0,
            ),
          )}
          {toolButton('link', 'Enlace', 'Ctrl+K', 'Control+K', LINK, () => openLinkRef.current(), false)}
        </div>
        <EditorContent
          editor={editor}
          className={errorMessage ? 'bo-news-editor__box is-invalid' : 'bo-news-editor__box'}
        />
      </div>
      <span id={helpId} className="bo-news__muted">
        Párrafos, subtítulos, listas y citas; negrita, cursiva y enlaces. Lo que pegues se limpia a ese
        formato.
      </span>
      {errorMessage ? (
        <span id={errorId} className="bo-news-editor__error">
          {errorMessage}
        </span>
      ) : null}
      {link ? (
        <LinkDialog
          draft={link.draft}
          isEditing={link.isEditing}
          onSave={saveLink}
          onRemove={removeLink}
          onClose={() => {
            setLink(null);
            editor?.commands.focus();
          }}
        />
      ) : null}
    </div>
  );
}
