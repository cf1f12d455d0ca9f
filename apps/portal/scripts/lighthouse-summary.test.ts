import { describe, expect, it } from 'vitest';
import { BENCH_HEADER, benchRow, benchVerdict, concretePath, median, summary } from './lighthouse-summary.ts';

describe('median', () => {
  it('takes the middle run, and the lower middle one of an even count', () => {
    expect(median([94, 98, 96])).toBe(96);
    expect(median([97, 94, 95, 99])).toBe(95);
    expect(median([93])).toBe(93);
  });
});

describe('summary', () => {
  it("judges each page by its median run's performance and every run's accessibility", () => {
    const text = summary(
      new Map([
        ['/login', { performance: [98, 94, 97], accessibility: [100, 100, 100] }],
        ['/', { performance: [94, 96, 94], accessibility: [100, 100, 100] }],
        ['/cart', { performance: [97, 97, 98], accessibility: [100, 96, 100] }],
      ]),
      3,
    );
    expect(text).toContain('Median of 3 runs');
    expect(text).toMatch(
      /\/login +performance +97 \(runs 98, 94, 97\) +accessibility 100 +meets the targets/,
    );
    expect(text).toMatch(/\/ +performance +94 .*BELOW THE TARGETS/);
    expect(text).toMatch(/\/cart +performance +97 .*accessibility 96 +BELOW THE TARGETS/);
  });
});

describe('concretePath', () => {
  it("gives a parameter its section's record, and leaves out an optional one without", () => {
    const ids = { '/surveys': 7, '/catalogue/products': 12, '/news': undefined, '/products': 3 };
    expect(concretePath('/formacion/noticias/:id?', ids)).toBe('/formacion/noticias');
    expect(concretePath('/products/:id?', ids)).toBe('/products/3');
    expect(concretePath('/surveys/:id/results', ids)).toBe('/surveys/7/results');
    expect(concretePath('/catalogue/products/:id/pictures', ids)).toBe('/catalogue/products/12/pictures');
    expect(concretePath('/news/:id', ids)).toBeNull();
    expect(concretePath('/orders/:id', ids)).toBeNull();
  });
});

describe('the bench table', () => {
  it('prints a row per page under the header and names the pages below the target', () => {
    const row = { accessibility: 100, tbtMs: 40, lcpMs: 1800, scripts: 3, load: 3.5, healthzMs: 2 };
    const login = { ...row, route: '/login', performance: 99, jsGzipBytes: 95 * 1024 };
    const register = { ...row, route: '/login/register', performance: 80, jsGzipBytes: 180 * 1024 };
    expect(BENCH_HEADER).toMatch(/^route +score +a11y +TBT +LCP +scripts +JS gz +load +\/healthz$/);
    expect(benchRow(login)).toMatch(/^\/login +99 +100 +40 ms +1\.8 s +3 +95\.0 KB +3\.50 +2 ms$/);
    expect(benchRow(login)).toHaveLength(BENCH_HEADER.length);
    expect(benchVerdict([login, register])).toBe('Below performance 95: /login/register');
    expect(benchVerdict([login])).toContain('Every page measured meets');
  });
});
