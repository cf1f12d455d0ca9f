import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BoticaProvider } from '../provider/botica-provider.tsx';
import { isSafeRichTextHref, RichText } from './rich-text.tsx';

describe('RichText', () => {
  it('renders paragraphs, headings, lists and quotes with their marks and links', () => {
    const { container } = render(
      <RichText
        value={[
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
        ]}
      />,
    );
    const html = container.innerHTML;
    expect(html).toContain('<h2>La valeriana</h2>');
    expect(html).toContain('<em>Valeriana officinalis</em>');
    expect(html).toContain('<strong> fuerte</strong>');
    expect(html).toMatch(/<ol><li><a [^>]*href="\/formacion\/materiales"[^>]*>Material<\/a><\/li><\/ol>/);
    expect(html).toMatch(/<blockquote><p><a [^>]*href="https:\/\/www.ema.europa.eu\/es"[^>]*target="_blank"/);
  });

  it('shows markup in the text as text, and an unsafe link as plain text', () => {
    const { container } = render(
      <RichText
        className="article"
        value={[
          {
            type: 'paragraph',
            children: [
              { text: '<img src=x onerror=alert(1)>' },
              // The API refuses it on the way in; the renderer refuses it again.
              { text: 'pulsa', href: 'javascript:alert(1)' },
            ],
          },
        ]}
      />,
    );
    expect(container.innerHTML).toBe(
      '<div class="bt-rich-text article"><p>&lt;img src=x onerror=alert(1)&gt;pulsa</p></div>',
    );
  });

  it('follows a site path through the app’s navigation, by pointer and by keyboard', async () => {
    const navigate = vi.fn();
    const user = userEvent.setup();
    render(
      <BoticaProvider navigate={navigate}>
        <RichText
          value={[{ type: 'paragraph', children: [{ text: 'Ver materiales', href: '/formacion' }] }]}
        />
      </BoticaProvider>,
    );
    await user.tab();
    expect(screen.getByRole('link', { name: 'Ver materiales' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate.mock.calls[0]?.[0]).toBe('/formacion');
    await user.click(screen.getByRole('link', { name: 'Ver materiales' }));
    expect(navigate).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['https://www.aemps.gob.es', true],
    ['mailto:formacion@botica.example', true],
    ['/catalog?q=valeriana', true],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['http://www.aemps.gob.es', false],
    ['javascript:alert(1)', false],
    ['data:text/html,hola', false],
    ['https://user:pass@evil.example', false],
  ])('isSafeRichTextHref(%s) is %s', (href, safe) => {
    expect(isSafeRichTextHref(href)).toBe(safe);
  });
});
