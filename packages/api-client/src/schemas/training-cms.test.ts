import { describe, expect, it } from 'vitest';
import { isSafeHref, PostSchema, RichTextSchema } from './cms.ts';
import { MaterialsQuerySchema, WebinarSignupRequestSchema, WebinarsQuerySchema } from './training.ts';

describe('rich text (news bodies)', () => {
  it('reads paragraphs, headings, lists and quotes of marked runs', () => {
    const body = [
      { type: 'heading', level: 2, children: [{ text: 'La valeriana' }] },
      {
        type: 'paragraph',
        children: [{ text: 'Raíz de ' }, { text: 'Valeriana officinalis', italic: true }],
      },
      {
        type: 'list',
        style: 'bullet',
        items: [[{ text: 'Uno', bold: true }], [{ text: 'Dos' }]],
      },
      {
        type: 'quote',
        children: [{ text: 'Cita', href: '/formacion/noticias' }],
      },
    ];
    expect(RichTextSchema.parse(body)).toEqual(body);
  });

  it('refuses markup-shaped input: unknown blocks, raw HTML fields, unsafe links, empty runs', () => {
    expect(RichTextSchema.safeParse([{ type: 'html', html: '<script>alert(1)</script>' }]).success).toBe(
      false,
    );
    expect(RichTextSchema.safeParse([{ type: 'heading', level: 1, children: [{ text: 'x' }] }]).success).toBe(
      false,
    );
    expect(RichTextSchema.safeParse([{ type: 'paragraph', children: [] }]).success).toBe(false);
    for (const href of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,x',
      'http://a.es',
      '//evil.es',
      '/\\evil.es',
      'https://u:p@a.es',
    ]) {
      expect(isSafeHref(href), href).toBe(false);
      expect(
        RichTextSchema.safeParse([{ type: 'paragraph', children: [{ text: 'x', href }] }]).success,
        href,
      ).toBe(false);
    }
    for (const href of ['https://www.aemps.gob.es/', '/catalog?tags[]=1', 'mailto:formacion@botica.es'])
      expect(isSafeHref(href), href).toBe(true);
  });

  it('parses a whole post', () => {
    const post = {
      id: 1,
      title: 'T',
      excerpt: 'E',
      category: 'Investigación',
      published_at: '2026-05-01T08:00:00.000Z',
      image: { url: '/api/v1/cms/posts/1/image', alt: 'Hojas' },
      author: 'Redacción',
      body: [{ type: 'paragraph', children: [{ text: 'Hola' }] }],
    };
    expect(PostSchema.parse(post)).toEqual(post);
  });
});

describe('training queries', () => {
  it('read the tags of the material filter as whole numbers, at most 20', () => {
    expect(MaterialsQuerySchema.parse({ tags: ['1', '4'], page: '2' })).toEqual({ tags: [1, 4], page: 2 });
    expect(MaterialsQuerySchema.safeParse({ tags: ['x'] }).success).toBe(false);
    expect(MaterialsQuerySchema.safeParse({ tags: ['0'] }).success).toBe(false);
    expect(
      MaterialsQuerySchema.safeParse({
        tags: Array.from({ length: 21 }, () => '1'),
      }).success,
    ).toBe(false);
  });

  it('know the agenda and the history, and a signup says nothing', () => {
    expect(WebinarsQuerySchema.parse({ when: 'past' })).toEqual({
      when: 'past',
    });
    expect(WebinarsQuerySchema.safeParse({ when: 'tomorrow' }).success).toBe(false);
    expect(WebinarSignupRequestSchema.safeParse({}).success).toBe(true);
    expect(WebinarSignupRequestSchema.safeParse({ user_id: 3 }).success).toBe(false);
  });
});
