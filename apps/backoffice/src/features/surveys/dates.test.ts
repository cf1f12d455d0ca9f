import { describe, expect, it } from 'vitest';
import { apiMinute, defaultWindow, typedMinute } from './dates.ts';

describe("the editor's dates", () => {
  it('reads a typed Madrid minute, single digits and a dotted time included', () => {
    expect(apiMinute('01/12/2026 09:00')).toBe('2026-12-01T09:00');
    expect(apiMinute(' 1/2/2027 9.30 ')).toBe('2027-02-01T09:30');
  });

  it('refuses what is not a day and a time', () => {
    expect(apiMinute('2026-12-01 09:00')).toBeNull();
    expect(apiMinute('01/12/2026')).toBeNull();
    expect(apiMinute('')).toBeNull();
  });

  it("shows an instant on Madrid's clock, summer and winter, and reads it back", () => {
    expect(typedMinute('2026-12-01T08:05:00.000Z')).toBe('01/12/2026 09:05');
    expect(typedMinute('2026-07-01T15:00:00.000Z')).toBe('01/07/2026 17:00');
    expect(apiMinute(typedMinute('2026-07-01T15:00:00.000Z'))).toBe('2026-07-01T17:00');
  });

  it('opens a new survey tomorrow morning and closes it a month later', () => {
    expect(defaultWindow(new Date('2026-11-28T12:00:00Z'))).toEqual({
      opensAt: '29/11/2026 09:00',
      closesAt: '29/12/2026 23:59',
    });
  });
});
