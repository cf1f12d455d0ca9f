// @vitest-environment happy-dom
import { type RichText, RichTextSchema } from '@botica/api-client/schemas';
import { generateJSON } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import { editorExtensions } from './editor-schema.ts';
import { fromRichText, toRichText } from './rich-text-json.ts';

/** What the editor makes of pasted HTML: parsed by its own schema, as a paste is. */
const pasted = (html: string) => toRichText(generateJSON(html, editorExtensions()));

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

  it('a body comes back unchanged through the editor’s own HTML parser', () => {
    const html =
      '<h2>Qué cambia</h2><p>La <em>valeriana</em><strong> llega </strong><strong><em>en otoño</em></strong>; ver ' +
      '<a href="https://www.aemps.gob.es">la AEMPS</a> o <strong><a href="/formacion/materiales">los materiales</a></strong></p>' +
      '<h3>En el mostrador</h3><ul><li><p>Uno</p></li><li><p><strong>Dos</strong></p></li></ul>' +
      '<ol><li><p>Primero</p></li><li><p>Segundo</p></li></ol><blockquote><p>Una cita.</p></blockquote>';
    expect(pasted(html)).toEqual(BODY);
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

describe('pasted HTML is cleaned to a body by the editor’s schema', () => {
  it('drops scripts, styles, images and their attributes; keeps the text', () => {
    const body = pasted(
      '<style>p { color: red }</style><script>alert(1)</script>' +
        '<p style="color:red" onclick="alert(1)">Hola <img src="x" onerror="alert(1)"><span style="font-weight:700">fuerte</span></p>' +
        '<video src="https://evil.example/v.mp4" autoplay></video>',
    );
    expect(body).toEqual([
      { type: 'paragraph', children: [{ text: 'Hola ' }, { text: 'fuerte', bold: true }] },
    ]);
    expect(JSON.stringify(body)).not.toMatch(/alert|script|style|img|iframe/);
  });

  it('turns h1 into a subheading 2 or text, h4 into a subheading 3 or text, never another level', () => {
    const body = pasted('<h1>Titular</h1><h2>Dos</h2><h3>Tres</h3><h4>Cuatro</h4><h6>Seis</h6>');
    for (const block of body) {
      if (block.type === 'heading') expect([2, 3]).toContain(block.level);
    }
    expect(
      body.flatMap((block) => ('children' in block ? block.children.map((run) => run.text) : [])),
    ).toEqual(['Titular', 'Dos', 'Tres', 'Cuatro', 'Seis']);
    expect(RichTextSchema.safeParse(body).success).toBe(true);
  });

  it('flattens a table into its text, and a javascript: link into plain text', () => {
    const body = pasted(
      '<table><tr><th>Producto</th><th>Precio</th></tr><tr><td>Valeriana</td><td>9,90</td></tr></table>' +
        '<p><a href="javascript:alert(1)">pulsa</a> y <a href="https://www.ema.europa.eu/es">la EMA</a>' +
        ' y <a href="http://inseguro.example">http</a> y <a href="data:text/html,x">data</a></p>',
    );
    const text = body.flatMap((block) => ('children' in block ? block.children : block.items.flat()));
    expect(text.map((run) => run.text).join(' ')).toContain('Valeriana');
    expect(text.filter((run) => run.href).map((run) => run.href)).toEqual(['https://www.ema.europa.eu/es']);
    expect(JSON.stringify(body)).not.toMatch(/<|table|javascript|data:|http:/);
    expect(RichTextSchema.safeParse(body).success).toBe(true);
  });
});
