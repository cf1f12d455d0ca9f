import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CartLine,
  cartTotals,
  discountLineCents,
  isVatRate,
  linePriceCents,
  SURCHARGE_RATES,
  surchargeCents,
  totalQuantity,
  unitPriceCents,
  VAT_RATES,
} from './cart.ts';
import { eurosToCents } from './money.ts';

const line = (
  price: number,
  quantity: number,
  vat_rate: 4 | 10 | 21 = 21,
  final_price?: number | null,
): CartLine => ({
  product: { price, final_price, vat_rate },
  quantity,
});

describe('linePriceCents', () => {
  it('uses final_price when present, else price, times quantity', () => {
    expect(linePriceCents({ product: { price: 12.5, final_price: 10 }, quantity: 3 })).toBe(3000);
    expect(linePriceCents({ product: { price: 12.5 }, quantity: 3 })).toBe(3750);
    expect(linePriceCents({ product: { price: 12.5, final_price: null }, quantity: 2 })).toBe(2500);
    expect(linePriceCents({ product: { price: 0.1, final_price: 0 }, quantity: 5 })).toBe(0);
    expect(linePriceCents({ product: { price: 0.1 }, quantity: 3 })).toBe(30);
  });

  it('refuses quantities below 1 or fractional, and negative prices', () => {
    expect(() => linePriceCents({ product: { price: 1 }, quantity: 0 })).toThrow(RangeError);
    expect(() => linePriceCents({ product: { price: 1 }, quantity: 1.5 })).toThrow(RangeError);
    expect(() => unitPriceCents({ price: -1 })).toThrow(RangeError);
  });
});

describe('discountLineCents', () => {
  it('is the cart price times the percentage, to the cent', () => {
    expect(discountLineCents(20000, 5)).toBe(1000);
    expect(discountLineCents(12345, 3)).toBe(370);
    expect(discountLineCents(12350, 3)).toBe(371);
  });
});

describe('cartTotals', () => {
  it('gives zeros for an empty cart', () => {
    expect(cartTotals([])).toEqual({
      lines: [],
      priceCents: 0,
      discounts: [],
      discountCents: 0,
      vat: [],
      vatCents: 0,
      surcharges: [],
      surchargeCents: 0,
      taxCents: 0,
      totalCents: 0,
    });
    expect(cartTotals([], [], { equivalenceSurcharge: true }).surcharges).toEqual([]);
  });

  it('computes price, discount lines, VAT by rate and total', () => {
    const totals = cartTotals(
      [line(10, 10, 21), line(5.5, 4, 10, 5), line(2.35, 3, 4)],
      [{ group_name: 'Farmacias Oro', discount_percent: 5 }],
    );
    expect(totals.priceCents).toBe(10000 + 2000 + 705);
    expect(totals.discounts).toEqual([{ groupName: 'Farmacias Oro', discountPercent: 5, amountCents: 635 }]);
    expect(totals.discountCents).toBe(635);
    expect(totals.lines.map((l) => l.discountCents)).toEqual([500, 100, 35]);
    expect(totals.lines.map((l) => l.netCents)).toEqual([9500, 1900, 670]);
    expect(totals.vat).toEqual([
      { rate: 4, baseCents: 670, amountCents: 27 },
      { rate: 10, baseCents: 1900, amountCents: 190 },
      { rate: 21, baseCents: 9500, amountCents: 1995 },
    ]);
    expect(totals.vatCents).toBe(2212);
    expect(totals.surcharges).toEqual([]);
    expect(totals.surchargeCents).toBe(0);
    expect(totals.taxCents).toBe(2212);
    expect(totals.totalCents).toBe(12705 - 635 + 2212);
  });

  it('adds the recargo de equivalencia by VAT rate on the same bases, when asked', () => {
    const totals = cartTotals(
      [line(10, 10, 21), line(5.5, 4, 10, 5), line(2.35, 3, 4)],
      [{ group_name: 'Farmacias Oro', discount_percent: 5 }],
      { equivalenceSurcharge: true },
    );
    expect(totals.vat.map((v) => v.amountCents)).toEqual([27, 190, 1995]);
    expect(totals.surcharges).toEqual([
      // 670 × 0,5 % = 3,35 → 3; 1900 × 1,4 % = 26,6 → 27; 9500 × 5,2 % = 494.
      { vatRate: 4, rate: 0.5, baseCents: 670, amountCents: 3 },
      { vatRate: 10, rate: 1.4, baseCents: 1900, amountCents: 27 },
      { vatRate: 21, rate: 5.2, baseCents: 9500, amountCents: 494 },
    ]);
    expect(totals.vatCents).toBe(2212);
    expect(totals.surchargeCents).toBe(524);
    expect(totals.taxCents).toBe(2212 + 524);
    expect(totals.totalCents).toBe(12705 - 635 + 2212 + 524);
  });

  it('leaves the totals as they were without the regime, or with it switched off', () => {
    const lines = [line(10, 10, 21), line(2.35, 3, 4)];
    const discounts = [{ group_name: 'A', discount_percent: 3 }];
    const plain = cartTotals(lines, discounts);
    expect(cartTotals(lines, discounts, {})).toEqual(plain);
    expect(cartTotals(lines, discounts, { equivalenceSurcharge: false })).toEqual(plain);
    expect(plain.taxCents).toBe(plain.vatCents);
  });

  it('applies each discount to the whole cart price, never more than the price in total', () => {
    const totals = cartTotals(
      [line(100, 1)],
      [
        { group_name: 'A', discount_percent: 60 },
        { group_name: 'B', discount_percent: 60 },
      ],
    );
    expect(totals.discounts.map((d) => d.amountCents)).toEqual([6000, 4000]);
    expect(totals.discountCents).toBe(10000);
    expect(totals.totalCents).toBe(0);
  });

  it('refuses an unknown VAT rate', () => {
    expect(() => cartTotals([{ product: { price: 1, vat_rate: 7 as 4 }, quantity: 1 }])).toThrow(RangeError);
  });

  const lineArbitrary = fc.record({
    product: fc.record({
      price: fc.integer({ min: 0, max: 500_000 }).map((c) => c / 100),
      final_price: fc.option(
        fc.integer({ min: 0, max: 500_000 }).map((c) => c / 100),
        { nil: undefined },
      ),
      vat_rate: fc.constantFrom(...VAT_RATES),
    }),
    quantity: fc.integer({ min: 1, max: 999 }),
  });
  const discountArbitrary = fc.record({
    group_name: fc.string(),
    discount_percent: fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 100),
  });

  it('adds up: lines, discounts, VAT bases and totals are sums of their parts, in whole cents', () => {
    fc.assert(
      fc.property(
        fc.array(lineArbitrary, { maxLength: 30 }),
        fc.array(discountArbitrary, { maxLength: 3 }),
        (lines, discounts) => {
          const totals = cartTotals(lines, discounts);
          const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
          const all = [
            totals.priceCents,
            totals.discountCents,
            totals.taxCents,
            totals.totalCents,
            ...totals.lines.flatMap((l) => [l.priceCents, l.discountCents, l.netCents]),
            ...totals.vat.flatMap((v) => [v.baseCents, v.amountCents]),
          ];
          for (const value of all) expect(Number.isSafeInteger(value)).toBe(true);
          expect(totals.priceCents).toBe(sum(lines.map(linePriceCents)));
          expect(totals.priceCents).toBe(sum(totals.lines.map((l) => l.priceCents)));
          expect(totals.discountCents).toBe(sum(totals.discounts.map((d) => d.amountCents)));
          expect(totals.discountCents).toBe(sum(totals.lines.map((l) => l.discountCents)));
          expect(totals.discountCents).toBeLessThanOrEqual(totals.priceCents);
          expect(sum(totals.vat.map((v) => v.baseCents))).toBe(totals.priceCents - totals.discountCents);
          expect(totals.taxCents).toBe(sum(totals.vat.map((v) => v.amountCents)));
          expect(totals.totalCents).toBe(totals.priceCents - totals.discountCents + totals.taxCents);
          for (const l of totals.lines) {
            expect(l.discountCents).toBeGreaterThanOrEqual(0);
            expect(l.netCents).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });

  it('rounds each discount and VAT line to the nearest cent', () => {
    fc.assert(
      fc.property(
        fc.array(lineArbitrary, { minLength: 1, maxLength: 10 }),
        discountArbitrary,
        (lines, discount) => {
          const totals = cartTotals(lines, [discount]);
          const exactDiscount = (totals.priceCents * discount.discount_percent) / 100;
          expect(Math.abs((totals.discounts[0]?.amountCents ?? 0) - exactDiscount)).toBeLessThanOrEqual(
            0.5 + 1e-6,
          );
          for (const v of totals.vat) {
            expect(Math.abs(v.amountCents - (v.baseCents * v.rate) / 100)).toBeLessThanOrEqual(0.5 + 1e-9);
          }
        },
      ),
    );
  });

  it('with the regime: the surcharge lines add up and nothing else changes', () => {
    fc.assert(
      fc.property(
        fc.array(lineArbitrary, { maxLength: 30 }),
        fc.array(discountArbitrary, { maxLength: 3 }),
        (lines, discounts) => {
          const plain = cartTotals(lines, discounts);
          const totals = cartTotals(lines, discounts, { equivalenceSurcharge: true });
          const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
          for (const s of totals.surcharges) {
            expect(Number.isSafeInteger(s.amountCents)).toBe(true);
            expect(s.amountCents).toBeGreaterThanOrEqual(0);
          }
          expect(totals.lines).toEqual(plain.lines);
          expect(totals.discounts).toEqual(plain.discounts);
          expect(totals.vat).toEqual(plain.vat);
          expect(totals.vatCents).toBe(plain.taxCents);
          expect(totals.surcharges.map((s) => [s.vatRate, s.baseCents])).toEqual(
            totals.vat.map((v) => [v.rate, v.baseCents]),
          );
          for (const s of totals.surcharges) expect(s.rate).toBe(SURCHARGE_RATES[s.vatRate]);
          expect(totals.surchargeCents).toBe(sum(totals.surcharges.map((s) => s.amountCents)));
          expect(totals.vatCents).toBe(sum(totals.vat.map((v) => v.amountCents)));
          expect(totals.taxCents).toBe(totals.vatCents + totals.surchargeCents);
          expect(totals.totalCents).toBe(totals.priceCents - totals.discountCents + totals.taxCents);
          expect(totals.totalCents).toBe(plain.totalCents + totals.surchargeCents);
        },
      ),
    );
  });

  it('rounds each surcharge line to the nearest cent, as the VAT lines are', () => {
    fc.assert(
      fc.property(fc.array(lineArbitrary, { minLength: 1, maxLength: 10 }), (lines) => {
        const totals = cartTotals(lines, [], { equivalenceSurcharge: true });
        for (const s of totals.surcharges) {
          // Exact in tenths of a cent: base × rate × 10 / 1000.
          const exactTimesThousand = s.baseCents * Math.round(s.rate * 10);
          expect(Math.abs(s.amountCents * 1000 - exactTimesThousand)).toBeLessThanOrEqual(500);
        }
      }),
    );
  });

  it('matches a sum in euros without float drift', () => {
    const lines = Array.from({ length: 10 }, () => line(0.1, 1, 21));
    expect(cartTotals(lines).priceCents).toBe(eurosToCents(1));
  });
});

describe('helpers', () => {
  it('counts the units of a cart and knows the VAT rates', () => {
    expect(totalQuantity([])).toBe(0);
    expect(totalQuantity([{ quantity: 2 }, { quantity: 3 }])).toBe(5);
    expect(isVatRate(10)).toBe(true);
    expect(isVatRate(7)).toBe(false);
  });
});

describe('surchargeCents', () => {
  it('is the base × the rate of the recargo for the VAT rate, half away from zero to the cent', () => {
    expect(SURCHARGE_RATES).toEqual({ 4: 0.5, 10: 1.4, 21: 5.2 });
    expect(surchargeCents(10000, 21)).toBe(520);
    expect(surchargeCents(10000, 10)).toBe(140);
    expect(surchargeCents(10000, 4)).toBe(50);
    expect(surchargeCents(100, 4)).toBe(1); // 0,5 cents: half away from zero
    expect(surchargeCents(99, 4)).toBe(0); // 0,495 cents
    expect(surchargeCents(125, 21)).toBe(7); // 6,5 cents
    expect(surchargeCents(0, 21)).toBe(0);
  });

  it('refuses an unknown VAT rate', () => {
    expect(() => surchargeCents(100, 7 as 4)).toThrow(RangeError);
  });
});

describe('free lines', () => {
  it('share no discount when the cart price is zero', () => {
    const totals = cartTotals([line(0, 2, 4)], [{ group_name: 'A', discount_percent: 10 }]);
    expect(totals.lines).toEqual([{ priceCents: 0, discountCents: 0, netCents: 0, vatRate: 4 }]);
    expect(totals.totalCents).toBe(0);
  });
});
