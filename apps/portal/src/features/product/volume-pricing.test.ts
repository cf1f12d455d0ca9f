import { describe, expect, it } from 'vitest';
import { productVolumePricing } from './volume-pricing.ts';

const rules = [
  { min_quantity: 6, max_quantity: 11, discount_percent: 4, unit_price: 10.51 },
  { min_quantity: 12, max_quantity: null, discount_percent: 8, unit_price: 10.07 },
];

describe('productVolumePricing', () => {
  it("saves on the client's price below the tiers and marks the cart's quantity", () => {
    const table = productVolumePricing({ price: 10.95, final_price: null }, rules, 7);
    expect(
      table.rows.map((row) => [row.minQuantity, row.unitCents, row.savingPercent, row.isCurrent]),
    ).toEqual([
      [1, 1095, 0, false],
      [6, 1051, 4, true],
      [12, 1007, 8, false],
    ]);
  });

  it('takes final_price as the special price the tiers must beat', () => {
    const table = productVolumePricing({ price: 10.95, final_price: 9.3 }, rules, 3);
    expect(table.baseCents).toBe(930);
    expect(table.hasSpecialPrice).toBe(true);
    expect(table.rows).toEqual([]);
  });

  it('marks no row for a product that is not in the cart', () => {
    const table = productVolumePricing({ price: 10.95, final_price: null }, rules, 0);
    expect(table.rows.some((row) => row.isCurrent)).toBe(false);
  });
});
