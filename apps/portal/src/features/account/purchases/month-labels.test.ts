import { describe, expect, it } from 'vitest';
import { monthAbbreviation, monthName } from './month-labels.ts';

describe('month labels', () => {
  it('names a month in Spanish with its year', () => {
    expect(monthName('2026-03')).toBe('marzo de 2026');
    expect(monthName('2025-12')).toBe('diciembre de 2025');
  });

  it('abbreviates a month for the axis', () => {
    expect(monthAbbreviation('2026-01')).toBe('ene');
    expect(monthAbbreviation('2026-11')).toBe('nov');
    expect(monthAbbreviation('2026-09')).toBe('sep');
  });
});
