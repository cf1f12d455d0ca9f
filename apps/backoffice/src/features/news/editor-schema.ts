/**
 * The editor's extensions: ONLY the nodes and marks a post's body has (paragraphs, headings 2 and 3,
 * bullet and numbered lists, quotes; bold, italic, links). Whatever is pasted is parsed by this
 * schema, so a table, an image, a script, a style, an h1 or h4 or a `javascript:` link never enters
 * the document: what cannot be represented is dropped or kept as plain text.
 */
import { isSafeHref } from '@botica/api-client/schemas';
import type { Extensions } from '@tiptap/core';
import Link from '@tiptap/extension-link';
import StarterKit from '@tiptap/starter-kit';

/** The editor's extensions (a fresh list per editor: Tiptap configures them in place). */
export function editorExtensions(): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3] },
      code: false,
      codeBlock: false,
      hardBreak: false,
      horizontalRule: false,
      strike: false,
      underline: false,
      link: false,
      dropcursor: false,
    }),
    Link.configure({
      openOnClick: false,
      autolink: false,
      linkOnPaste: false,
      defaultProtocol: 'https',
      isAllowedUri: (url) => isSafeHref(url),
      HTMLAttributes: { rel: 'noopener noreferrer', target: null },
    }),
  ];
}
