import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOW_STOCK_UNITS, stockStateOf } from './stock.ts';

describe('stockStateOf', () => {
  it('reads none as sold out, fewer than ten as the last units, ten and more as in stock', () => {
    expect([0, -3, 1, 9, 10, 500].map(stockStateOf)).toEqual([
      'out_of_stock',
      'out_of_stock',
      'low_stock',
      'low_stock',
      'in_stock',
      'in_stock',
    ]);
  });

  it('never reads more units as a worse state', () => {
    const rank = { out_of_stock: 0, low_stock: 1, in_stock: 2 } as const;
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 5 * LOW_STOCK_UNITS }), fc.nat(20), (units, more) => {
        expect(rank[stockStateOf(units + more)]).toBeGreaterThanOrEqual(rank[stockStateOf(units)]);
      }),
    );
  });
});
