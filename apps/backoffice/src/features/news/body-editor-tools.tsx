/**
 * The body field's look without its editor: the label, the toolbar's buttons (their glyphs, names
 * and shortcuts) and the help under the box. Both the editor (body-editor.tsx) and the box shown
 * while its chunk loads (body-field.tsx) draw them from here, so the two are the same size and the
 * page does not move when one replaces the other; this module imports nothing of Tiptap.
 */
import type { ReactNode } from 'react';

/** The body field's label. */
export const BODY_LABEL = 'Cuerpo de la noticia';

/** The help under the box. */
export const BODY_HELP =
  'Párrafos, subtítulos, listas y citas; negrita, cursiva y enlaces. Lo que pegues se limpia a ese formato.';

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

/** What each toolbar button does, by id (the editor binds its command to it). */
export type ToolId =
  | 'bold'
  | 'italic'
  | 'heading-2'
  | 'heading-3'
  | 'bullet-list'
  | 'ordered-list'
  | 'quote'
  | 'link';

/** A toolbar button as it is drawn. */
export interface Tool {
  id: ToolId;
  label: string;
  shortcut: string;
  /** As `aria-keyshortcuts` names it. */
  keys: string;
  icon: ReactNode;
}

/** The toolbar's buttons, in their order. */
export const TOOLS: readonly Tool[] = [
  { id: 'bold', label: 'Negrita', shortcut: 'Ctrl+B', keys: 'Control+B', icon: <b aria-hidden="true">B</b> },
  {
    id: 'italic',
    label: 'Cursiva',
    shortcut: 'Ctrl+I',
    keys: 'Control+I',
    icon: <i aria-hidden="true">I</i>,
  },
  {
    id: 'heading-2',
    label: 'Subtítulo',
    shortcut: 'Ctrl+Alt+2',
    keys: 'Control+Alt+2',
    icon: <span aria-hidden="true">T2</span>,
  },
  {
    id: 'heading-3',
    label: 'Subtítulo menor',
    shortcut: 'Ctrl+Alt+3',
    keys: 'Control+Alt+3',
    icon: <span aria-hidden="true">T3</span>,
  },
  { id: 'bullet-list', label: 'Lista', shortcut: 'Ctrl+Mayús+8', keys: 'Control+Shift+8', icon: BULLETS },
  {
    id: 'ordered-list',
    label: 'Lista numerada',
    shortcut: 'Ctrl+Mayús+7',
    keys: 'Control+Shift+7',
    icon: NUMBERS,
  },
  { id: 'quote', label: 'Cita', shortcut: 'Ctrl+Mayús+B', keys: 'Control+Shift+B', icon: QUOTE },
  { id: 'link', label: 'Enlace', shortcut: 'Ctrl+K', keys: 'Control+K', icon: LINK },
];

export interface ToolButtonProps {
  tool: Tool;
  isPressed: boolean;
  isDisabled: boolean;
  /** The toolbar's one tab stop (the arrow keys move along the rest). */
  isTabStop: boolean;
  onPress?: () => void;
}

/** One toolbar button: its glyph, its name for screen readers, its shortcut in the tooltip. */
export function ToolButton({ tool, isPressed, isDisabled, isTabStop, onPress }: ToolButtonProps) {
  return (
    <button
      type="button"
      className="bo-news-editor__tool"
      aria-pressed={isPressed}
      aria-keyshortcuts={tool.keys}
      title={`${tool.label} (${tool.shortcut})`}
      tabIndex={isTabStop ? 0 : -1}
      disabled={isDisabled}
      // The editor keeps its selection when a button is pressed with the mouse.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPress}
    >
      {tool.icon}
      <span className="bt-visually-hidden">{tool.label}</span>
    </button>
  );
}
