import { describe, expect, it } from 'vitest';
import {
  fileLabel,
  formatFileSize,
  pageParam,
  parseTagFilter,
  tagFilterSearch,
  webinarBadge,
  webinarWhen,
} from './training-format.ts';

describe('training texts', () => {
  it('write file sizes in Spanish', () => {
    expect(formatFileSize(850)).toBe('850 B');
    expect(formatFileSize(4300)).toBe('4,2 KB');
    expect(formatFileSize(1_363_149)).toBe('1,3 MB');
    expect(fileLabel({ name: 'a.pdf', content_type: 'application/pdf', size: 2048, url: '/x' })).toBe(
      'PDF · 2 KB',
    );
  });

  it('write a webinar slot in Madrid time', () => {
    expect(webinarWhen('2026-11-19T16:00:00Z', '2026-11-19T17:30:00Z')).toBe(
      'jueves, 19 de noviembre de 2026 · 17:00–18:30',
    );
  });

  it('read and write the material filter in the URL, leniently', () => {
    expect(parseTagFilter(new URLSearchParams('tags=4,1,x,1,-2'))).toEqual([1, 4]);
    expect(parseTagFilter(new URLSearchParams(''))).toEqual([]);
    expect(tagFilterSearch([4, 1])).toBe('?tags=1,4');
    expect(tagFilterSearch([], 1)).toBe('');
    expect(tagFilterSearch([2], 3)).toBe('?tags=2&page=3');
    expect(pageParam(new URLSearchParams('page=3'))).toBe(3);
    expect(pageParam(new URLSearchParams('page=0'))).toBe(1);
    expect(pageParam(new URLSearchParams('page=abc'))).toBe(1);
  });
});

describe('webinarBadge', () => {
  const webinar = {
    phase: 'joinable' as const,
    starts_at: '2026-11-19T17:00:00Z',
    duration_minutes: 60,
    is_signed_up: false,
  };
  it("says 'En directo' only once the webinar has started, not in the join window before it", () => {
    expect(webinarBadge(webinar, new Date('2026-11-19T16:50:00Z'))).toBe('starting');
    expect(webinarBadge({ ...webinar, is_signed_up: true }, new Date('2026-11-19T16:59:59Z'))).toBe(
      'starting',
    );
    expect(webinarBadge(webinar, new Date('2026-11-19T17:00:00Z'))).toBe('live');
    expect(webinarBadge(webinar, new Date('2026-11-19T17:59:00Z'))).toBe('live');
  });

  it('marks a signed-up webinar before its window, and nothing once it has ended', () => {
    const upcoming = { ...webinar, phase: 'upcoming' as const };
    expect(webinarBadge(upcoming, new Date('2026-11-18T10:00:00Z'))).toBeNull();
    expect(webinarBadge({ ...upcoming, is_signed_up: true }, new Date('2026-11-18T10:00:00Z'))).toBe(
      'signed-up',
    );
    expect(webinarBadge({ ...webinar, phase: 'ended' }, new Date('2026-11-19T19:00:00Z'))).toBeNull();
  });
});
