import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  baseUnitCents,
  nextVolumeTier,
  nextVolumeTierText,
  savingPercent,
  tierUnitCents,
  type VolumeTier,
  volumePriceTable,
  volumeUnitCents,
} from './volume-pricing.ts';

const tiers = (...pairs: [number, number][]): VolumeTier[] =>
  pairs.map(([minQuantity, discountPercent]) => ({ minQuantity, discountPercent }));

/** The rows as compact tuples: [min, max, unit cents, saving %, current]. */
const compact = (table: ReturnType<typeof volumePriceTable>) =>
  table.rows.map((row) => [
    row.minQuantity,
    row.maxQuantity,
    row.unitCents,
    row.savingPercent,
    row.isCurrent,
  ]);

describe('baseUnitCents', () => {
  it('is the special price when lower than the price, else the price', () => {
    expect(baseUnitCents(1000, 900)).toBe(900);
    expect(baseUnitCents(1000, null)).toBe(1000);
    expect(baseUnitCents(1000, undefined)).toBe(1000);
    expect(baseUnitCents(1000, 1200)).toBe(1000);
  });

  it('refuses negative or fractional cents', () => {
    expect(() => baseUnitCents(-1, null)).toThrow(RangeError);
    expect(() => baseUnitCents(1000, 9.5)).toThrow(RangeError);
  });
});

describe('tierUnitCents', () => {
  it('takes the discount off the laboratory price, to the cent', () => {
    expect(tierUnitCents(1095, 4)).toBe(1051);
    expect(tierUnitCents(1000, 12.5)).toBe(875);
    expect(tierUnitCents(1999, 10)).toBe(1799);
  });
});

describe('volumeUnitCents', () => {
  const prices = { listCents: 1000, baseCents: 900 };

  it('is the lower of the special price and the best tier the quantity reaches', () => {
    const rules = tiers([6, 15], [12, 5]);
    expect(volumeUnitCents(prices, rules, 5)).toBe(900);
    expect(volumeUnitCents(prices, rules, 6)).toBe(850);
    expect(volumeUnitCents(prices, rules, 12)).toBe(850);
    expect(volumeUnitCents(prices, tiers([6, 5]), 6)).toBe(900);
    expect(volumeUnitCents({ listCents: 1000, baseCents: 1000 }, tiers([6, 5]), 6)).toBe(950);
  });

  it('refuses a tier below 1 unit', () => {
    expect(() => volumeUnitCents(prices, tiers([0, 5]), 1)).toThrow(RangeError);
  });
});

describe('savingPercent', () => {
  it('is the saving on the base price to one decimal', () => {
    expect(savingPercent(1000, 880)).toBe(12);
    expect(savingPercent(920, 880)).toBe(4.3);
    expect(savingPercent(1000, 1000)).toBe(0);
    expect(savingPercent(0, 0)).toBe(0);
  });
});

describe('volumePriceTable', () => {
  it('compares every tier with the price paid without tiers, not with the first tier', () => {
    // The table used to show '—' for the 4 % tier and −4 % for the 8 % one.
    const table = volumePriceTable({ listCents: 1000, baseCents: 1000 }, tiers([6, 4], [12, 8]), 7);
    expect(compact(table)).toEqual([
      [1, 5, 1000, 0, false],
      [6, 11, 960, 4, true],
      [12, null, 920, 8, false],
    ]);
    expect(table.hasSpecialPrice).toBe(false);
    expect(table.tiers.map((tier) => tier.applies)).toEqual([true, true]);
    expect(table.rows[0]?.tier).toBeNull();
    expect(table.rows[1]?.tier).toEqual({ minQuantity: 6, discountPercent: 4 });
  });

  it('gives no rows when the special price beats every tier', () => {
    // The table used to show three identical rows at the special price.
    const table = volumePriceTable({ listCents: 1000, baseCents: 850 }, tiers([6, 4], [12, 8], [24, 12]), 30);
    expect(table.rows).toEqual([]);
    expect(table.hasSpecialPrice).toBe(true);
    expect(table.tiers).toEqual([
      { minQuantity: 6, discountPercent: 4, unitCents: 960, applies: false },
      { minQuantity: 12, discountPercent: 8, unitCents: 920, applies: false },
      { minQuantity: 24, discountPercent: 12, unitCents: 880, applies: false },
    ]);
  });

  it('shows only the tiers that beat the special price, with the saving on the special price', () => {
    const table = volumePriceTable({ listCents: 1000, baseCents: 920 }, tiers([6, 4], [12, 8], [36, 12]), 12);
    expect(table.tiers.map((tier) => tier.applies)).toEqual([false, false, true]);
    expect(compact(table)).toEqual([
      [1, 35, 920, 0, true],
      [36, null, 880, 4.3, false],
    ]);
  });

  it('marks the row of the cart quantity alone, and none when the product is not in the cart', () => {
    const rules = tiers([6, 4], [12, 8]);
    const prices = { listCents: 1000, baseCents: 1000 };
    const current = (quantity?: number) =>
      volumePriceTable(prices, rules, quantity).rows.findIndex((row) => row.isCurrent);
    expect(current()).toBe(-1);
    expect(current(0)).toBe(-1);
    expect(current(1)).toBe(0);
    expect(current(5)).toBe(0);
    expect(current(6)).toBe(1);
    expect(current(11)).toBe(1);
    expect(current(12)).toBe(2);
    expect(current(500)).toBe(2);
  });

  it('has no row of its own price when a tier starts at 1 unit', () => {
    const table = volumePriceTable({ listCents: 2000, baseCents: 2000 }, tiers([1, 2], [10, 5]), 1);
    expect(compact(table)).toEqual([
      [1, 9, 1960, 2, true],
      [10, null, 1900, 5, false],
    ]);
  });

  it('sorts the tiers and skips one that does not beat an earlier tier', () => {
    const table = volumePriceTable({ listCents: 1000, baseCents: 1000 }, tiers([24, 6], [12, 10], [6, 5]));
    expect(table.tiers.map((tier) => [tier.minQuantity, tier.applies])).toEqual([
      [6, true],
      [12, true],
      [24, false],
    ]);
    expect(compact(table)).toEqual([
      [1, 5, 1000, 0, false],
      [6, 11, 950, 5, false],
      [12, null, 900, 10, false],
    ]);
  });

  it('keeps the cheaper of two tiers at one quantity', () => {
    const table = volumePriceTable({ listCents: 1000, baseCents: 1000 }, tiers([6, 5], [6, 8]));
    expect(table.tiers.map((tier) => [tier.discountPercent, tier.applies])).toEqual([
      [8, true],
      [5, false],
    ]);
    expect(compact(table)).toEqual([
      [1, 5, 1000, 0, false],
      [6, null, 920, 8, false],
    ]);
  });

  it('gives no rows and no tiers for a product without tiers', () => {
    const table = volumePriceTable({ listCents: 1000, baseCents: 900 }, [], 3);
    expect(table.tiers).toEqual([]);
    expect(table.rows).toEqual([]);
  });

  it('refuses negative or fractional quantities and cents', () => {
    const prices = { listCents: 1000, baseCents: 1000 };
    expect(() => volumePriceTable(prices, [], -1)).toThrow(RangeError);
    expect(() => volumePriceTable(prices, [], 1.5)).toThrow(RangeError);
    expect(() => volumePriceTable({ listCents: 10.5, baseCents: 10 }, [])).toThrow(RangeError);
    expect(() => volumePriceTable(prices, tiers([2, 101]))).toThrow(RangeError);
  });

  const scenario = fc
    .record({
      listCents: fc.integer({ min: 1, max: 500_000 }),
      specialShare: fc.option(fc.integer({ min: 1, max: 100 }), { nil: null }),
      tiers: fc.array(
        fc.record({
          minQuantity: fc.integer({ min: 1, max: 200 }),
          discountPercent: fc.integer({ min: 0, max: 10_000 }).map((hundredths) => hundredths / 100),
        }),
        { maxLength: 6 },
      ),
      quantity: fc.integer({ min: 0, max: 250 }),
    })
    .map(({ listCents, specialShare, tiers: rules, quantity }) => ({
      prices: {
        listCents,
        baseCents: baseUnitCents(
          listCents,
          specialShare === null ? null : Math.round((listCents * specialShare) / 100),
        ),
      },
      tiers: rules,
      quantity,
    }));

  it('prices every quantity as volumeUnitCents does (the cart lines), in exactly one row', () => {
    fc.assert(
      fc.property(scenario, ({ prices, tiers: rules, quantity }) => {
        const table = volumePriceTable(prices, rules, quantity);
        for (let units = 1; units <= 210; units += 1) {
          const inRow = table.rows.filter(
            (row) => units >= row.minQuantity && (row.maxQuantity === null || units <= row.maxQuantity),
          );
          const paid = volumeUnitCents(prices, rules, units);
          if (table.rows.length === 0) {
            expect(paid).toBe(prices.baseCents);
          } else {
            expect(inRow).toHaveLength(1);
            expect(inRow[0]?.unitCents).toBe(paid);
          }
        }
      }),
    );
  });

  it('starts at 1 unit, ends open, and every row beats the one before with a real saving', () => {
    fc.assert(
      fc.property(scenario, ({ prices, tiers: rules, quantity }) => {
        const table = volumePriceTable(prices, rules, quantity);
        expect(table.rows.length === 0).toBe(table.tiers.every((tier) => !tier.applies));
        if (table.rows.length === 0) return;
        expect(table.rows[0]?.minQuantity).toBe(1);
        expect(table.rows.at(-1)?.maxQuantity).toBeNull();
        table.rows.forEach((row, index) => {
          const before = table.rows[index - 1];
          if (before) {
            expect(row.minQuantity).toBe((before.maxQuantity ?? 0) + 1);
            expect(row.unitCents).toBeLessThan(before.unitCents);
            expect(row.savingPercent).toBeGreaterThanOrEqual(before.savingPercent);
          }
          expect(row.tier === null).toBe(row.unitCents === prices.baseCents);
          const exact = ((prices.baseCents - row.unitCents) / prices.baseCents) * 100;
          expect(Math.abs(row.savingPercent - exact)).toBeLessThanOrEqual(0.05 + 1e-9);
        });
        const current = table.rows.filter((row) => row.isCurrent);
        expect(current).toHaveLength(quantity === 0 ? 0 : 1);
      }),
    );
  });

  it("without a special price, a tier's saving is its discount (to the cent's rounding)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 500_000 }),
        fc.integer({ min: 1, max: 9_900 }),
        (listCents, hundredths) => {
          const discountPercent = hundredths / 100;
          const table = volumePriceTable({ listCents, baseCents: listCents }, tiers([6, discountPercent]));
          expect(Math.abs((table.rows[1]?.savingPercent ?? 0) - discountPercent)).toBeLessThanOrEqual(0.1);
        },
      ),
    );
  });
});

describe('nextVolumeTier', () => {
  const list = { listCents: 500, baseCents: 500 };

  it('names the nearest tier above the quantity: units to add and its unit price', () => {
    const table = tiers([6, 18], [12, 25]);
    expect(nextVolumeTier(list, table, 4)).toEqual({ minQuantity: 6, unitsToAdd: 2, unitCents: 410 });
    expect(nextVolumeTier(list, table, 0)).toEqual({ minQuantity: 6, unitsToAdd: 6, unitCents: 410 });
    expect(nextVolumeTier(list, table, 6)).toEqual({ minQuantity: 12, unitsToAdd: 6, unitCents: 375 });
    expect(nextVolumeTier(list, table, 11)).toEqual({ minQuantity: 12, unitsToAdd: 1, unitCents: 375 });
  });

  it('of two tiers at one quantity, names the cheaper, in whichever order they come', () => {
    const cheaper = { minQuantity: 6, unitsToAdd: 2, unitCents: 410 };
    expect(nextVolumeTier(list, tiers([6, 10], [6, 18], [12, 25]), 4)).toEqual(cheaper);
    expect(nextVolumeTier(list, tiers([6, 18], [6, 10], [12, 25]), 4)).toEqual(cheaper);
  });

  it('is null at the top tier and without tiers', () => {
    expect(nextVolumeTier(list, tiers([6, 18], [12, 25]), 12)).toBeNull();
    expect(nextVolumeTier(list, tiers([6, 18], [12, 25]), 40)).toBeNull();
    expect(nextVolumeTier(list, [], 1)).toBeNull();
  });

  it('skips tiers that do not beat what the client pays (a special price)', () => {
    const special = { listCents: 1000, baseCents: 900 };
    // 6 units: 950, worse than the special 900; 12 units: 850.
    expect(nextVolumeTier(special, tiers([6, 5], [12, 15]), 1)).toEqual({
      minQuantity: 12,
      unitsToAdd: 11,
      unitCents: 850,
    });
    expect(nextVolumeTier(special, tiers([6, 5]), 1)).toBeNull();
  });

  it('refuses a negative or fractional quantity', () => {
    expect(() => nextVolumeTier(list, [], -1)).toThrow(RangeError);
    expect(() => nextVolumeTier(list, [], 1.5)).toThrow(RangeError);
  });

  it('agrees with the price of the lines: the price drops exactly after the units to add', () => {
    const tierArb = fc.record({
      minQuantity: fc.integer({ min: 1, max: 60 }),
      discountPercent: fc.integer({ min: 0, max: 100 }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(tierArb, { maxLength: 6 }),
        fc.integer({ min: 0, max: 70 }),
        (list, special, table, quantity) => {
          const prices = { listCents: list, baseCents: baseUnitCents(list, special) };
          const paid = volumeUnitCents(prices, table, quantity);
          const next = nextVolumeTier(prices, table, quantity);
          const horizon = next === null ? 61 : next.minQuantity - 1;
          for (let more = quantity + 1; more <= horizon; more += 1) {
            expect(volumeUnitCents(prices, table, more)).toBe(paid);
          }
          if (next !== null) {
            expect(next.unitsToAdd).toBe(next.minQuantity - quantity);
            expect(next.unitsToAdd).toBeGreaterThan(0);
            expect(next.unitCents).toBeLessThan(paid);
            expect(volumeUnitCents(prices, table, next.minQuantity)).toBe(next.unitCents);
          }
        },
      ),
    );
  });
});

describe('nextVolumeTierText', () => {
  it('says the units to add and the unit price there, es-ES', () => {
    expect(nextVolumeTierText({ minQuantity: 6, unitsToAdd: 2, unitCents: 410 })).toBe(
      'Añade 2 uds y pagas 4,10\u00a0€/ud',
    );
    expect(nextVolumeTierText({ minQuantity: 12, unitsToAdd: 1, unitCents: 123_456 })).toBe(
      'Añade 1 ud y pagas 1.234,56\u00a0€/ud',
    );
    expect(nextVolumeTierText(null)).toBeNull();
  });
});
