import type { RichText as RichTextValue } from '@botica/api-client/schemas';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RichText } from './rich-text.tsx';

const render = (value: RichTextValue) => renderToStaticMarkup(<RichText value={value} />);

describe('RichText', () => {
  it('renders paragraphs, headings, lists and quotes with their marks and links', () => {
    const html = render([
      { type: 'heading', level: 2, children: [{ text: 'La valeriana' }] },
      {
        type: 'paragraph',
        children: [
          { text: 'Raíz de ' },
          { text: 'Valeriana officinalis', italic: true },
          { text: ' fuerte', bold: true },
        ],
      },
      { type: 'list', style: 'number', items: [[{ text: 'Material', href: '/formacion/materiales' }]] },
      { type: 'quote', children: [{ text: 'EMA', href: 'https://www.ema.europa.eu/es' }] },
    ]);
    expect(html).toContain('<h2>La valeriana</h2>');
    expect(html).toContain('<em>Valeriana officinalis</em>');
    expect(html).toContain('<strong> fuerte</strong>');
    expect(html).toMatch(/<ol><li><a [^>]*href="\/formacion\/materiales"[^>]*>Material<\/a><\/li><\/ol>/);
    expect(html).toMatch(/<blockquote><p><a [^>]*href="https:\/\/www.ema.europa.eu\/es"[^>]*target="_blank"/);
  });

  it('shows markup in the text as text, and an unsafe link as plain text', () => {
    const html = render([
      {
        type: 'paragraph',
        children: [
          { text: '<img src=x onerror=alert(1)>' },
          // The schema refuses it on the way in; the renderer refuses it again.
          { text: 'pulsa', href: 'javascript:alert(1)' },
        ],
      },
    ]);
    expect(html).toBe('<div><p>&lt;img src=x onerror=alert(1)&gt;pulsa</p></div>');
  });
});
