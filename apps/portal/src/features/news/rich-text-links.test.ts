import { isSafeHref } from '@botica/api-client/schemas';
import { isSafeRichTextHref } from '@botica/ui';
import { describe, expect, it } from 'vitest';

// The API refuses a body's unsafe link on its way in and the renderer refuses it again: the two
// checks must be one rule, or a link the API kept would vanish from the article (or the reverse).
describe('the renderer’s link check and the API’s', () => {
  it.each([
    'https://www.aemps.gob.es/medicamentos',
    'mailto:formacion@botica.example',
    '/formacion/materiales',
    '/catalog?q=valeriana#top',
    '//evil.example',
    '/\\evil.example',
    '/con espacio',
    'http://www.aemps.gob.es',
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,hola',
    'https://user:pass@evil.example',
    'mailto:nadie',
    'ftp://files.example',
    '',
  ])('agree on %j', (href) => {
    expect(isSafeRichTextHref(href)).toBe(isSafeHref(href));
  });
});
