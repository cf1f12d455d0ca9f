import { isValidCif, isValidNif } from '@botica/domain';
import { describe, expect, it } from 'vitest';
import { cifFor, nifFor } from './tax-ids.ts';

describe('Spanish tax ids', () => {
  it('makes NIFs with the right control letter', () => {
    expect(nifFor(12_345_678)).toBe('12345678Z');
    expect(nifFor(1)).toBe('00000001R');
    for (let number = 10_000_000; number < 10_000_500; number += 7)
      expect(isValidNif(nifFor(number))).toBe(true);
    expect(() => nifFor(123_456_789)).toThrow(RangeError);
  });

  it('makes CIFs with a control digit or letter as the entity requires', () => {
    expect(cifFor('B', 1_234_567)).toBe('B12345674');
    for (const entity of ['A', 'B', 'E', 'H', 'J', 'G', 'P', 'Q', 'S', 'N', 'W', 'U', 'V']) {
      for (let digits = 2_800_000; digits < 2_800_300; digits += 13) {
        expect(isValidCif(cifFor(entity, digits)), `${entity} ${digits}`).toBe(true);
      }
    }
    expect(cifFor('E', 0)).toMatch(/^E0000000\d$/);
    expect(cifFor('P', 0)).toMatch(/^P0000000[A-J]$/);
    expect(() => cifFor('Z', 1)).toThrow(RangeError);
    expect(() => cifFor('B', 12_345_678)).toThrow(RangeError);
  });
});
