import { describe, expect, it } from 'vitest';
import { pageMeta } from './page-meta.ts';

describe('pageMeta', () => {
  it('counts the last page up, and an empty list as one page', () => {
    expect(pageMeta(1, 20, 41)).toEqual({ current_page: 1, last_page: 3, per_page: 20, total: 41 });
    expect(pageMeta(2, 20, 40)).toEqual({ current_page: 2, last_page: 2, per_page: 20, total: 40 });
    expect(pageMeta(1, 12, 0)).toEqual({ current_page: 1, last_page: 1, per_page: 12, total: 0 });
  });
});
