import { ADMIN_CONTENT_MESSAGES } from '@botica/api-client/admin';
import { describe, expect, it } from 'vitest';
import { bannerProblems } from './banner-form.ts';

const valid = { title: 'Invierno', text: 'Todo para la gripe.', href: '/catalog?q=gripe', hue: '210' };

describe('the banner form', () => {
  it('accepts a banner that leads to a page of the portal', () => {
    expect(bannerProblems(valid)).toEqual({});
  });

  it('refuses a link out of the portal', () => {
    for (const href of ['javascript:alert(1)', 'https://otro.example', '//otro.example', 'catalog', '/a b'])
      expect(bannerProblems({ ...valid, href }), href).toEqual({ href: ADMIN_CONTENT_MESSAGES.hrefInvalid });
  });

  it('asks for a title, a text and a whole hue from 0 to 359', () => {
    expect(bannerProblems({ title: '', text: ' ', href: '/', hue: '360' })).toEqual({
      title: ADMIN_CONTENT_MESSAGES.titleRequired,
      text: ADMIN_CONTENT_MESSAGES.textRequired,
      hue: ADMIN_CONTENT_MESSAGES.hueInvalid,
    });
    expect(bannerProblems({ ...valid, hue: '12.5' }).hue).toBe(ADMIN_CONTENT_MESSAGES.hueInvalid);
    expect(bannerProblems({ ...valid, hue: '' }).hue).toBe(ADMIN_CONTENT_MESSAGES.hueInvalid);
  });
});
