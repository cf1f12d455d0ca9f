import { type RichText, RichTextSchema } from '@botica/api-client/schemas';
import { getSchema } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import { editorExtensions } from './editor-schema.ts';
import { fromRichText, toRichText } from './rich-text-json.ts';

/** The editor's schema: what a paste is parsed by (the browser's paste itself: news.spec.ts). */
const schema = getSchema(editorExtensions());
const tagsOf = (rules: readonly { tag?: string }[] | undefined) => (rules ?? []).map((rule) => rule.tag);

const BODY: RichText = [
  { type: 'heading', level: 2, children: [{ text: 'Qué cambia' }] },
  {
    type: 'paragraph',
    children: [
      { text: 'La ' },
      { text: 'valeriana', italic: true },
      { text: ' llega ', bold: true },
      { text: 'en otoño', bold: true, italic: true },
      { text: '; ver ' },
      { text: 'la AEMPS', href: 'https://www.aemps.gob.es' },
      { text: ' o ' },
      { text: 'los materiales', href: '/formacion/materiales', bold: true },
    ],
  },
  { type: 'heading', level: 3, children: [{ text: 'En el mostrador' }] },
  { type: 'list', style: 'bullet', items: [[{ text: 'Uno' }], [{ text: 'Dos', bold: true }]] },
  { type: 'list', style: 'number', items: [[{ text: 'Primero' }], [{ text: 'Segundo' }]] },
  { type: 'quote', children: [{ text: 'Una cita.' }] },
];

describe('the editor’s document ⇄ a post’s body', () => {
  it('a body comes back unchanged through the editor’s document', () => {
    expect(toRichText(fromRichText(BODY))).toEqual(BODY);
  });

  it('an empty body is one empty paragraph in the editor, and nothing again', () => {
    expect(fromRichText([])).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
    expect(toRichText(fromRichText([]))).toEqual([]);
    expect(
      toRichText({ type: 'doc', content: [{ type: 'paragraph' }, { type: 'heading', attrs: { level: 2 } }] }),
    ).toEqual([]);
  });

  it('flattens what a body does not nest: an item’s paragraphs and sub-list, a quote of several paragraphs', () => {
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'bulletList',
          content: [
            {
              type: 'listItem',
              content: [
                { type: 'paragraph', content: [{ type: 'text', text: 'Uno' }] },
                { type: 'paragraph', content: [{ type: 'text', text: 'y medio' }] },
                {
                  type: 'orderedList',
                  content: [
                    {
                      type: 'listItem',
                      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Sub' }] }],
                    },
                  ],
                },
              ],
            },
            { type: 'listItem', content: [{ type: 'paragraph' }] },
          ],
        },
        {
          type: 'blockquote',
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: 'Primera' }] },
            { type: 'paragraph', content: [{ type: 'text', text: 'Segunda' }] },
          ],
        },
      ],
    };
    expect(toRichText(doc)).toEqual([
      { type: 'list', style: 'bullet', items: [[{ text: 'Uno y medio' }], [{ text: 'Sub' }]] },
      { type: 'quote', children: [{ text: 'Primera' }] },
      { type: 'quote', children: [{ text: 'Segunda' }] },
    ]);
  });

  it('drops a link address the portal would refuse, keeping its text', () => {
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            {
              type: 'text',
              text: 'pulsa',
              marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }],
            },
            { type: 'text', text: ' aquí' },
          ],
        },
      ],
    };
    expect(toRichText(doc)).toEqual([{ type: 'paragraph', children: [{ text: 'pulsa aquí' }] }]);
  });
});

describe('the editor’s schema, which cleans what is pasted', () => {
  it('has only the nodes and marks a body has', () => {
    expect(Object.keys(schema.nodes).sort()).toEqual(
      ['blockquote', 'bulletList', 'doc', 'heading', 'listItem', 'orderedList', 'paragraph', 'text'].sort(),
    );
    expect(Object.keys(schema.marks).sort()).toEqual(['bold', 'italic', 'link']);
  });

  it('reads only h2 and h3 as headings: an h1 or h4 is text, a table, image, script or style nothing of its own', () => {
    expect(tagsOf(schema.nodes.heading?.spec.parseDOM)).toEqual(['h2', 'h3']);
    const parsedTags = Object.values(schema.nodes).flatMap((node) => tagsOf(node.spec.parseDOM));
    for (const tag of ['h1', 'h4', 'table', 'td', 'img', 'script', 'style', 'iframe', 'pre', 'hr', 'br'])
      expect(parsedTags).not.toContain(tag);
  });

  it('keeps a link only to an address the portal follows', () => {
    const link = schema.marks.link?.spec.parseDOM?.[0];
    const attrsOf = (href: string) => {
      const element = {
        getAttribute: (name: string) => (name === 'href' ? href : null),
      } as unknown as HTMLElement;
      return link?.getAttrs?.(element as never);
    };
    expect(attrsOf('https://www.aemps.gob.es')).not.toBe(false);
    expect(attrsOf('/formacion/materiales')).not.toBe(false);
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,x',
      'http://inseguro.example',
    ])
      expect(attrsOf(href)).toBe(false);
  });

  it('turns whatever a document still holds into a valid body', () => {
    const doc = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Uno' }] },
        { type: 'heading', attrs: { level: 4 }, content: [{ type: 'text', text: 'Cuatro' }] },
        { type: 'table', content: [{ type: 'tableCell', content: [{ type: 'text', text: 'Celda' }] }] },
        { type: 'image', attrs: { src: 'x' } },
      ],
    };
    const body = toRichText(doc);
    expect(body).toEqual([
      { type: 'heading', level: 2, children: [{ text: 'Uno' }] },
      { type: 'heading', level: 3, children: [{ text: 'Cuatro' }] },
      { type: 'paragraph', children: [{ text: 'Celda' }] },
    ]);
    expect(RichTextSchema.safeParse(body).success).toBe(true);
  });
});
