import { describe, expect, it } from 'vitest';
import {
  ADMIN_CONTENT_MESSAGES,
  AdminMessageCreateRequestSchema,
  FeaturedProductsRequestSchema,
  isPortalPath,
} from './admin-content.ts';

describe("the back office's content schemas", () => {
  it('takes a path of the portal as a banner link, nothing else', () => {
    for (const href of ['/', '/catalog', '/catalog?q=gripe&gama=3', '/mensajes/7#top'])
      expect(isPortalPath(href), href).toBe(true);
    for (const href of [
      'javascript:alert(1)',
      'https://otro.example',
      '//otro.example',
      '/\\otro',
      'catalog',
      '/a b',
    ])
      expect(isPortalPath(href), href).toBe(false);
  });

  it('refuses a message that ends when or before it starts, under ends_at', () => {
    const message = {
      kind: 'general',
      severity: 'info',
      title: 'Aviso',
      body: 'Texto.',
      starts_at: '2026-12-01T08:00:00+01:00',
      ends_at: '2026-12-01T07:00:00Z',
    };
    const result = AdminMessageCreateRequestSchema.safeParse(message);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['ends_at'], ADMIN_CONTENT_MESSAGES.endsBeforeStarts],
    ]);
    expect(
      AdminMessageCreateRequestSchema.safeParse({ ...message, ends_at: '2026-12-01T07:01:00Z' }).success,
    ).toBe(true);
  });

  it('takes at most 8 featured products, none twice', () => {
    expect(FeaturedProductsRequestSchema.safeParse({ product_ids: [1, 2, 3] }).success).toBe(true);
    expect(FeaturedProductsRequestSchema.safeParse({ product_ids: [1, 1] }).success).toBe(false);
    expect(
      FeaturedProductsRequestSchema.safeParse({ product_ids: [1, 2, 3, 4, 5, 6, 7, 8, 9] }).success,
    ).toBe(false);
  });
});
