import { describe, expect, it } from 'vitest';
import { median, summary } from './lighthouse-summary.ts';

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
