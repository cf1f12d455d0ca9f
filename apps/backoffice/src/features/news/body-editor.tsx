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
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { TOOLS, ToolButton, type ToolId } from './body-editor-tools.tsx';
import { editorExtensions, inertPastedHtml } from './editor-schema.ts';
import { fromRichText, toRichText } from './rich-text-json.ts';

/** The refusal of an address the portal would not follow. */
export const LINK_REFUSED =
  'Escribe una dirección que empiece por https://, un correo con mailto: o una ruta del portal que empiece por /.';

/** What each toolbar button does in the editor, and whether it is on where the cursor stands. */
const COMMANDS: Readonly<
  Record<Exclude<ToolId, 'link'>, { isOn: (editor: Editor) => boolean; run: (editor: Editor) => void }>
> = {
  bold: {
    isOn: (editor) => editor.isActive('bold'),
    run: (editor) => editor.chain().focus().toggleBold().run(),
  },
  italic: {
    isOn: (editor) => editor.isActive('italic'),
    run: (editor) => editor.chain().focus().toggleItalic().run(),
  },
  'heading-2': {
    isOn: (editor) => editor.isActive('heading', { level: 2 }),
    run: (editor) => editor.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  'heading-3': {
    isOn: (editor) => editor.isActive('heading', { level: 3 }),
    run: (editor) => editor.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  'bullet-list': {
    isOn: (editor) => editor.isActive('bulletList'),
    run: (editor) => editor.chain().focus().toggleBulletList().run(),
  },
  'ordered-list': {
    isOn: (editor) => editor.isActive('orderedList'),
    run: (editor) => editor.chain().focus().toggleOrderedList().run(),
  },
  quote: {
    isOn: (editor) => editor.isActive('blockquote'),
    run: (editor) => editor.chain().focus().toggleBlockquote().run(),
  },
};

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
  /** The ids of the field's label, help and error, which the field draws around the editor. */
  ids: { label: string; help: string; error: string };
  /** The server's message about the body (the field shows it under its `ids.error`). */
  errorMessage?: string | undefined;
  isReadOnly?: boolean;
}

/** The body's editor: the toolbar and the box (the field around it draws the label, help and error). */
export function BodyEditor({ initial, onChange, ids, errorMessage, isReadOnly = false }: BodyEditorProps) {
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
        'aria-labelledby': ids.label,
        'aria-describedby': errorMessage ? `${ids.help} ${ids.error}` : ids.help,
        ...(errorMessage ? { 'aria-invalid': 'true' } : {}),
        ...(isReadOnly ? { 'aria-readonly': 'true' } : {}),
        class: 'bo-news-editor__content',
      },
    },
  });

  const pressed = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      Object.fromEntries(
        TOOLS.map(({ id }) => [
          id,
          current ? (id === 'link' ? current.isActive('link') : COMMANDS[id].isOn(current)) : false,
        ]),
      ) as Record<ToolId, boolean>,
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

  return (
    <div className="bo-news-editor__frame">
      <div
        role="toolbar"
        aria-label="Formato del cuerpo"
        className="bo-news-editor__toolbar"
        onKeyDown={onToolbarKeyDown}
      >
        {TOOLS.map((tool, index) => (
          <ToolButton
            key={tool.id}
            tool={tool}
            isPressed={pressed?.[tool.id] ?? false}
            isDisabled={isReadOnly || !editor}
            isTabStop={index === 0}
            onPress={() => {
              if (tool.id === 'link') openLinkRef.current();
              else if (editor) COMMANDS[tool.id].run(editor);
            }}
          />
        ))}
      </div>
      <EditorContent
        editor={editor}
        className={errorMessage ? 'bo-news-editor__box is-invalid' : 'bo-news-editor__box'}
      />
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
