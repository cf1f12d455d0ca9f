import { describe, expect, it } from 'vitest';
import { madridIsoFromLocal, madridLocalText } from './madrid-time.ts';

describe("a message's dates on Madrid's wall clock", () => {
  it('reads the typed text as Madrid time, winter and summer', () => {
    expect(madridIsoFromLocal('2026-12-01T08:00')).toBe('2026-12-01T07:00:00.000Z');
    expect(madridIsoFromLocal('2026-07-01T17:00')).toBe('2026-07-01T15:00:00.000Z');
  });

  it('shows an instant as Madrid reads it, back and forth', () => {
    expect(madridLocalText('2026-07-01T15:00:00.000Z')).toBe('2026-07-01T17:00');
    expect(madridLocalText('2026-12-31T23:30:00.000Z')).toBe('2027-01-01T00:30');
    expect(madridIsoFromLocal(madridLocalText('2026-03-29T09:15:00.000Z'))).toBe('2026-03-29T09:15:00.000Z');
  });

  it('refuses what is not a date and time', () => {
    expect(madridIsoFromLocal('')).toBeNull();
    expect(madridIsoFromLocal('2026-13-01T08:00')).toBeNull();
    expect(madridIsoFromLocal('mañana')).toBeNull();
  });
});
