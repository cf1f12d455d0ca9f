import { describe, expect, it } from 'vitest';
import { orderPriceRange } from './price-range.ts';

describe('orderPriceRange', () => {
  it('swaps a minimum above the maximum and says that it swapped', () => {
    expect(orderPriceRange({ minCents: 3000, maxCents: 1000 })).toEqual({
      minCents: 1000,
      maxCents: 3000,
      isSwapped: true,
    });
  });

  it('leaves a range in order, equal ends and open ends alone, and says it did not swap', () => {
    expect(orderPriceRange({ minCents: 1000, maxCents: 3000 })).toEqual({
      minCents: 1000,
      maxCents: 3000,
      isSwapped: false,
    });
    expect(orderPriceRange({ minCents: 1000, maxCents: 1000 })).toMatchObject({ isSwapped: false });
    expect(orderPriceRange({ minCents: 5000, maxCents: null })).toEqual({
      minCents: 5000,
      maxCents: null,
      isSwapped: false,
    });
    expect(orderPriceRange({ minCents: null, maxCents: 0 })).toEqual({
      minCents: null,
      maxCents: 0,
      isSwapped: false,
    });
  });
});
