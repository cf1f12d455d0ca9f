import type { AdminPost } from '@botica/api-client/admin';
import { describe, expect, it } from 'vitest';
import { fieldMessages, formValuesOf, hasUnsavedChanges, isFuture, requestOf } from './post-form.ts';

const POST: AdminPost = {
  id: 4,
  title: 'Valeriana',
  category: 'Laboratorio',
  author: 'Equipo Botica',
  status: 'scheduled',
  published_at: '2026-12-01T08:30:00.000Z',
  updated_at: '2026-11-28T10:00:00.000Z',
  excerpt: 'Cinco fórmulas.',
  body: [{ type: 'paragraph', children: [{ text: 'Hola' }] }],
  image: { url: '/api/v1/admin/news/4/image?v=d1', alt: 'Hojas', uploaded: false },
  version: 3,
};

describe('the editor’s form', () => {
  it('fills from a post, or empty with now for a new one', () => {
    expect(formValuesOf(POST, new Date())).toMatchObject({
      title: 'Valeriana',
      image_alt: 'Hojas',
      published_at: '2026-12-01T09:30',
    });
    expect(formValuesOf(null, new Date('2026-11-28T09:05:00Z'))).toMatchObject({
      title: '',
      body: [],
      published_at: '2026-11-28T10:05',
    });
  });

  it('has unsaved changes when the text or the body differ, not for spaces around a field or the date', () => {
    const saved = formValuesOf(POST, new Date());
    expect(hasUnsavedChanges({ ...saved, title: ' Valeriana ' }, saved)).toBe(false);
    expect(hasUnsavedChanges({ ...saved, published_at: '2030-01-01T00:00' }, saved)).toBe(false);
    expect(hasUnsavedChanges({ ...saved, title: 'Otra' }, saved)).toBe(true);
    expect(hasUnsavedChanges({ ...saved, body: [] }, saved)).toBe(true);
    expect(requestOf({ ...saved, author: ' Ana ' }).author).toBe('Ana');
  });

  it('tells a future Madrid time from a past one', () => {
    const now = new Date('2026-11-28T09:00:00Z');
    expect(isFuture('2026-11-28T10:01', now)).toBe(true);
    expect(isFuture('2026-11-28T10:00', now)).toBe(false);
    expect(isFuture('2026-11-28T09:59', now)).toBe(false);
  });

  it('shows a message about any part of the body under the body, the first one only', () => {
    expect(
      fieldMessages({
        'body.1.children.0.href': 'La dirección del enlace no está permitida.',
        'body.3': 'Otro',
        title: 'T',
      }),
    ).toEqual({ body: 'La dirección del enlace no está permitida.', title: 'T' });
  });
});
