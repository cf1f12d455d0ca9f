/**
 * The editor's document (Tiptap's JSON) and a post's body (`RichText`), both ways, with no editor
 * loaded: pure functions of plain objects. The editor's schema has only what a body may hold, so a
 * document is nearly a body already; what remains is flattening what ProseMirror nests and a body
 * does not (a list item's paragraphs and sub-lists, a quote's several paragraphs), dropping what
 * is empty, merging runs of the same marks, and dropping a link's address the portal would refuse.
 */
import { type Block, type Inline, isSafeHref, type RichText } from '@botica/api-client/schemas';
import type { JSONContent } from '@tiptap/core';

/** The text marks a body knows. */
type Marks = Pick<Inline, 'bold' | 'italic' | 'href'>;

function marksOf(node: JSONContent): Marks {
  const marks: Marks = {};
  for (const mark of node.marks ?? []) {
    if (mark.type === 'bold') marks.bold = true;
    else if (mark.type === 'italic') marks.italic = true;
    else if (mark.type === 'link') {
      const href = mark.attrs?.href;
      if (typeof href === 'string' && isSafeHref(href)) marks.href = href;
    }
  }
  return marks;
}

const sameMarks = (a: Marks, b: Marks) => a.bold === b.bold && a.italic === b.italic && a.href === b.href;

function run(text: string, marks: Marks): Inline {
  return {
    text,
    ...(marks.bold ? { bold: true } : {}),
    ...(marks.italic ? { italic: true } : {}),
    ...(marks.href ? { href: marks.href } : {}),
  };
}

/** The runs of a node's inline content (text and line breaks), merged where the marks agree. */
function runsOf(nodes: readonly JSONContent[] | undefined): Inline[] {
  const runs: Inline[] = [];
  for (const node of nodes ?? []) {
    const text = node.type === 'hardBreak' ? ' ' : node.type === 'text' ? (node.text ?? '') : textOf(node);
    if (text === '') continue;
    const marks = node.type === 'text' ? marksOf(node) : {};
    const last = runs.at(-1);
    if (last && sameMarks(last, marks)) last.text += text;
    else runs.push(run(text, marks));
  }
  return runs;
}

/** All the text inside a node, for a node a body has no place for. */
function textOf(node: JSONContent): string {
  if (node.type === 'text') return node.text ?? '';
  return (node.content ?? []).map(textOf).join('');
}

const hasText = (runs: readonly Inline[]) => runs.some((each) => each.text.trim() !== '');

/** Joins runs of several lines into one, a space between them. */
function joined(lines: readonly Inline[][]): Inline[] {
  const runs: Inline[] = [];
  for (const line of lines.filter(hasText)) {
    if (runs.length > 0) runs.push({ text: ' ' });
    runs.push(...line.map((each) => ({ ...each })));
  }
  return runsOf(runs.map((each) => asTextNode(each)));
}

/** A list's items: each item's paragraphs on one line, its sub-lists' items after it. */
function itemsOf(list: JSONContent): Inline[][] {
  const items: Inline[][] = [];
  for (const item of list.content ?? []) {
    const lines: Inline[][] = [];
    const nested: Inline[][] = [];
    for (const child of item.content ?? []) {
      if (child.type === 'bulletList' || child.type === 'orderedList') nested.push(...itemsOf(child));
      else lines.push(runsOf(child.content));
    }
    const line = joined(lines);
    if (hasText(line)) items.push(line);
    items.push(...nested);
  }
  return items;
}

/** A node's blocks: one, several (a quote of several paragraphs) or none (an empty paragraph). */
function blocksOf(node: JSONContent): Block[] {
  switch (node.type) {
    case 'paragraph': {
      const children = runsOf(node.content);
      return hasText(children) ? [{ type: 'paragraph', children }] : [];
    }
    case 'heading': {
      const children = runsOf(node.content);
      const level = Number(node.attrs?.level) <= 2 ? 2 : 3;
      return hasText(children) ? [{ type: 'heading', level, children }] : [];
    }
    case 'bulletList':
    case 'orderedList': {
      const items = itemsOf(node);
      const style = node.type === 'orderedList' ? 'number' : 'bullet';
      return items.length > 0 ? [{ type: 'list', style, items }] : [];
    }
    case 'blockquote':
      return (node.content ?? []).flatMap((child) =>
        blocksOf(child).flatMap((block): Block[] =>
          block.type === 'list'
            ? block.items.map((children) => ({ type: 'quote', children }))
            : [{ type: 'quote', children: block.children }],
        ),
      );
    default: {
      const children = runsOf([{ type: 'text', text: textOf(node) }]);
      return hasText(children) ? [{ type: 'paragraph', children }] : [];
    }
  }
}

/**
 * A post's body from the editor's document.
 * @example toRichText({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hola' }] }] })
 * // [{ type: 'paragraph', children: [{ text: 'Hola' }] }]
 */
export function toRichText(doc: JSONContent): RichText {
  return (doc.content ?? []).flatMap(blocksOf);
}

function asTextNode(inline: Inline): JSONContent {
  const marks: NonNullable<JSONContent['marks']> = [];
  if (inline.bold) marks.push({ type: 'bold' });
  if (inline.italic) marks.push({ type: 'italic' });
  if (inline.href) marks.push({ type: 'link', attrs: { href: inline.href } });
  return { type: 'text', text: inline.text, ...(marks.length > 0 ? { marks } : {}) };
}

const paragraph = (runs: readonly Inline[]): JSONContent => ({
  type: 'paragraph',
  content: runs.map(asTextNode),
});

function nodeOf(block: Block): JSONContent {
  switch (block.type) {
    case 'paragraph':
      return paragraph(block.children);
    case 'heading':
      return { type: 'heading', attrs: { level: block.level }, content: block.children.map(asTextNode) };
    case 'list':
      return {
        type: block.style === 'number' ? 'orderedList' : 'bulletList',
        content: block.items.map((item) => ({ type: 'listItem', content: [paragraph(item)] })),
      };
    case 'quote':
      return { type: 'blockquote', content: [paragraph(block.children)] };
  }
}

/**
 * The editor's document of a post's body (an empty paragraph for an empty body, where the cursor
 * can stand).
 */
export function fromRichText(value: RichText): JSONContent {
  return { type: 'doc', content: value.length > 0 ? value.map(nodeOf) : [{ type: 'paragraph' }] };
}
