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

/** Elements that load or run something: a paste never needs them, and the schema keeps none. */
const ACTIVE_ELEMENTS =
  'script, style, link, meta, base, img, picture, source, video, audio, track, iframe, frame, object, embed, svg, math, canvas, form, input, button, select, textarea, template';

/**
 * Pasted HTML made inert before the editor reads it: parsed in a document of its own (where nothing
 * loads or runs), without the elements that load or run something and without event handlers. The
 * editor would drop them anyway, but it parses the paste in the page's document, where an `<img>`
 * starts loading (a tracking pixel, an `onerror`) before it is dropped.
 */
export function inertPastedHtml(html: string): string {
  // Handlers go before any parse: the browser checks them against the page's CSP as it reads them,
  // even in a document of its own, and reports each one it blocks.
  const withoutHandlers = html.replace(/[\s/]on[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, ' ');
  const document = new DOMParser().parseFromString(withoutHandlers, 'text/html');
  for (const element of document.body.querySelectorAll(ACTIVE_ELEMENTS)) element.remove();
  for (const element of document.body.querySelectorAll('*')) {
    for (const attribute of [...element.attributes]) {
      if (/^on/i.test(attribute.name) || /^(src|srcset|background|action|formaction)$/i.test(attribute.name))
        element.removeAttribute(attribute.name);
    }
  }
  return document.body.innerHTML;
}
