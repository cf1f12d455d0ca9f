/**
 * The editor's form as plain data: its values from a post (or empty), whether they differ from what
 * was saved, the request they make, a publication date shown and typed on Madrid's wall clock, and
 * the words of each status.
 */
import type { AdminPost, AdminPostCreateRequest, AdminPostStatus } from '@botica/api-client/admin';
import type { RichText } from '@botica/api-client/schemas';
import { madridWallClock } from '@botica/domain';
import type { BadgeTone } from '@botica/ui';

/** What the editor's fields hold. */
export interface PostFormValues {
  title: string;
  excerpt: string;
  category: string;
  author: string;
  image_alt: string;
  body: RichText;
  /** Madrid's wall clock, as a `datetime-local` field reads it: `2026-12-01T09:30`. */
  published_at: string;
}

/** The words and tone of each status. */
export const STATUS_LABELS: Readonly<Record<AdminPostStatus, { label: string; tone: BadgeTone }>> = {
  draft: { label: 'Borrador', tone: 'neutral' },
  scheduled: { label: 'Programada', tone: 'info' },
  published: { label: 'Publicada', tone: 'success' },
};

/** The form's values of a post, or of a new one (its publication date: now). */
export function formValuesOf(post: AdminPost | null, now: Date): PostFormValues {
  return {
    title: post?.title ?? '',
    excerpt: post?.excerpt ?? '',
    category: post?.category ?? '',
    author: post?.author ?? '',
    image_alt: post?.image.alt ?? '',
    body: post?.body ?? [],
    published_at: madridWallClock(post?.published_at ?? now),
  };
}

/** What a save sends: the text fields trimmed, the body as it is. */
export function requestOf(values: PostFormValues): AdminPostCreateRequest {
  return {
    title: values.title.trim(),
    excerpt: values.excerpt.trim(),
    category: values.category.trim(),
    author: values.author.trim(),
    image_alt: values.image_alt.trim(),
    body: values.body,
  };
}

/** Whether the post's text differs from what was saved (the publication date is the publish button's). */
export function hasUnsavedChanges(values: PostFormValues, saved: PostFormValues): boolean {
  return JSON.stringify(requestOf(values)) !== JSON.stringify(requestOf(saved));
}

/**
 * Whether a Madrid wall-clock time is later than now: publishing then schedules the post.
 * @example isFuture('2999-01-01T00:00', new Date()) // true
 */
export function isFuture(local: string, now: Date): boolean {
  return local > madridWallClock(now);
}

/** The server's field messages as the editor shows them: a body's, wherever in it, under the body. */
export function fieldMessages(fields: Record<string, string>): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    const field = key.startsWith('body') ? 'body' : key;
    shown[field] ??= message;
  }
  return shown;
}
