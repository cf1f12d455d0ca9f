import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type EditedPrices,
  PRICE_RULE_MESSAGES as M,
  PRICE_MAX_CENTS,
  parsePrice,
  priceProblem,
  productPriceProblems,
} from './price-rules.ts';
import { QUANTITY_MAX } from './quantity.ts';
import { volumePriceTable } from './volume-pricing.ts';

describe('priceProblem and parsePrice', () => {
  it.each([
    ['12,50', null, 1250],
    ['1.234,50', null, 123450],
    [' 1.234,50 € ', null, 123450],
    ['12.5', null, 1250],
    ['0,01', null, 1],
    ['1.000.000', null, PRICE_MAX_CENTS],
    ['', M.priceRequired, null],
    ['   ', M.priceRequired, null],
    ['0', M.priceZero, null],
    ['0,00', M.priceZero, null],
    [',', M.priceInvalid, null],
    ['-5', M.priceNegative, null],
    ['-0,01', M.priceNegative, null],
    ['12,345', M.priceInvalid, null],
    ['doce', M.priceInvalid, null],
    ['NaN', M.priceInvalid, null],
    ['Infinity', M.priceInvalid, null],
    ['1e3', M.priceInvalid, null],
    ['12,5a', M.priceInvalid, null],
    ['1.000.000,01', M.priceTooHigh, null],
    ['99999999999999', M.priceInvalid, null],
    ['9.999.999.999.999', M.priceTooHigh, null],
  ])('%j: %j', (text, problem, cents) => {
    expect(priceProblem(text)).toBe(problem);
    expect(parsePrice(text)).toBe(cents);
  });
});

const prices = (over: Partial<EditedPrices>): EditedPrices => ({
  priceCents: 1000,
  tiers: [],
  specialPrices: [],
  ...over,
});
const tier = (minQuantity: number, discountPercent: number) => ({ minQuantity, discountPercent });
const special = (discountGroupId: number, priceCents: number) => ({ discountGroupId, priceCents });

describe('productPriceProblems', () => {
  it('accepts a product with increasing tiers and lower special prices', () => {
    expect(
      productPriceProblems(
        prices({
          tiers: [tier(2, 2.5), tier(6, 10), tier(12, 12.75), tier(QUANTITY_MAX, 99.99)],
          specialPrices: [special(1, 950), special(2, 1)],
        }),
      ),
    ).toEqual({});
    expect(productPriceProblems(prices({}))).toEqual({});
  });

  it.each([
    ['a tier from 1 unit', [tier(1, 5)], { 'tiers.0.min_quantity': [M.quantityTooLow] }],
    ['a tier from 0', [tier(0, 5)], { 'tiers.0.min_quantity': [M.quantityTooLow] }],
    ['a negative quantity', [tier(-6, 5)], { 'tiers.0.min_quantity': [M.quantityTooLow] }],
    ['a fractional quantity', [tier(2.5, 5)], { 'tiers.0.min_quantity': [M.quantityInvalid] }],
    ['a NaN quantity', [tier(Number.NaN, 5)], { 'tiers.0.min_quantity': [M.quantityInvalid] }],
    ['a huge quantity', [tier(1e20, 5)], { 'tiers.0.min_quantity': [M.quantityInvalid] }],
    [
      'a quantity past the cart',
      [tier(QUANTITY_MAX + 1, 5)],
      { 'tiers.0.min_quantity': [M.quantityTooHigh] },
    ],
    [
      'a quantity as text',
      [tier('6' as unknown as number, 5)],
      { 'tiers.0.min_quantity': [M.quantityInvalid] },
    ],
    ['a repeated quantity', [tier(6, 5), tier(6, 10)], { 'tiers.1.min_quantity': [M.quantityRepeated] }],
    [
      'decreasing quantities',
      [tier(12, 5), tier(6, 10)],
      { 'tiers.1.min_quantity': [M.quantityNotIncreasing] },
    ],
    ['0 %', [tier(6, 0)], { 'tiers.0.discount_percent': [M.percentNotPositive] }],
    ['a negative percentage', [tier(6, -5)], { 'tiers.0.discount_percent': [M.percentNotPositive] }],
    ['100 %', [tier(6, 100)], { 'tiers.0.discount_percent': [M.percentTooHigh] }],
    ['over 100 %', [tier(6, 150)], { 'tiers.0.discount_percent': [M.percentTooHigh] }],
    ['three decimals', [tier(6, 12.345)], { 'tiers.0.discount_percent': [M.percentDecimals] }],
    ['a NaN percentage', [tier(6, Number.NaN)], { 'tiers.0.discount_percent': [M.percentInvalid] }],
    [
      'an infinite percentage',
      [tier(6, Number.POSITIVE_INFINITY)],
      { 'tiers.0.discount_percent': [M.percentInvalid] },
    ],
    [
      'a percentage as text',
      [tier(6, '5' as unknown as number)],
      { 'tiers.0.discount_percent': [M.percentInvalid] },
    ],
    [
      'a tier that raises the price',
      [tier(6, 10), tier(12, 5)],
      { 'tiers.1.discount_percent': [M.tierNotCheaper] },
    ],
    [
      'a tier that keeps the price',
      [tier(6, 10), tier(12, 10)],
      { 'tiers.1.discount_percent': [M.tierNotCheaper] },
    ],
    [
      'two problems in one tier',
      [tier(6, 10), tier(6, 5)],
      { 'tiers.1.min_quantity': [M.quantityRepeated], 'tiers.1.discount_percent': [M.tierNotCheaper] },
    ],
  ])('refuses %s', (_name, tiers, problems) => {
    expect(productPriceProblems(prices({ tiers }))).toEqual(problems);
  });

  it('compares each tier with the last one that lowered the price', () => {
    expect(
      productPriceProblems(prices({ tiers: [tier(6, 10), tier(12, 5), tier(24, 8), tier(48, 11)] })),
    ).toEqual({
      'tiers.1.discount_percent': [M.tierNotCheaper],
      'tiers.2.discount_percent': [M.tierNotCheaper],
    });
  });

  it('refuses a tier whose discount vanishes in the rounding to the cent', () => {
    expect(productPriceProblems(prices({ priceCents: 10, tiers: [tier(6, 1)] }))).toEqual({
      'tiers.0.discount_percent': [M.tierNotCheaper],
    });
    // 1 % of 1,00 € is 1 cent, 1,5 % rounds to 2 cents: both lower the price.
    expect(productPriceProblems(prices({ priceCents: 100, tiers: [tier(6, 1), tier(12, 1.5)] }))).toEqual({});
    // 1,4 % of 1,00 € rounds to the same cent as 1 %.
    expect(productPriceProblems(prices({ priceCents: 100, tiers: [tier(6, 1), tier(12, 1.4)] }))).toEqual({
      'tiers.1.discount_percent': [M.tierNotCheaper],
    });
  });

  it.each([
    ['a zero price', 0, M.priceZero],
    ['a negative price', -100, M.priceNegative],
    ['a fractional price', 10.5, M.priceInvalid],
    ['a NaN price', Number.NaN, M.priceInvalid],
    ['a price that did not read', null, M.priceInvalid],
    ['a price over the maximum', PRICE_MAX_CENTS + 1, M.priceTooHigh],
  ])('refuses %s, and skips the comparisons with it', (_name, priceCents, problem) => {
    expect(
      productPriceProblems(prices({ priceCents, tiers: [tier(6, 10)], specialPrices: [special(1, 5_000)] })),
    ).toEqual({ price: [problem] });
  });

  it.each([
    ['a special price of 0', [special(1, 0)], { 'special_prices.0.price': [M.specialPriceNotPositive] }],
    ['a negative special price', [special(1, -1)], { 'special_prices.0.price': [M.specialPriceNotPositive] }],
    ['a NaN special price', [special(1, Number.NaN)], { 'special_prices.0.price': [M.priceInvalid] }],
    ['a fractional special price', [special(1, 99.5)], { 'special_prices.0.price': [M.priceInvalid] }],
    [
      'a special price as text',
      [special(1, '9' as unknown as number)],
      { 'special_prices.0.price': [M.priceInvalid] },
    ],
    ['the list price', [special(1, 1000)], { 'special_prices.0.price': [M.specialPriceNotBelow] }],
    ['above the list price', [special(1, 1001)], { 'special_prices.0.price': [M.specialPriceNotBelow] }],
    [
      'two for one group',
      [special(1, 900), special(2, 900), special(1, 800)],
      { 'special_prices.2.discount_group_id': [M.groupRepeated] },
    ],
  ])('refuses %s', (_name, specialPrices, problems) => {
    expect(productPriceProblems(prices({ specialPrices }))).toEqual(problems);
  });

  it('accepts tiers exactly when they rise in quantity and each lowers the price the table shows', () => {
    const drawnTier = fc.record({
      minQuantity: fc.integer({ min: 2, max: QUANTITY_MAX }),
      hundredths: fc.integer({ min: 1, max: 9999 }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: PRICE_MAX_CENTS }),
        fc.array(drawnTier, { maxLength: 5 }),
        (listCents, drawn) => {
          const tiers = drawn.map((t) => tier(t.minQuantity, t.hundredths / 100));
          const accepted =
            Object.keys(productPriceProblems(prices({ priceCents: listCents, tiers }))).length === 0;
          const rising = tiers.every(
            (t, index) => index === 0 || t.minQuantity > (tiers[index - 1]?.minQuantity ?? 0),
          );
          const table = volumePriceTable({ listCents, baseCents: listCents }, tiers);
          expect(accepted).toBe(rising && table.tiers.every((t) => t.applies));
        },
      ),
      { numRuns: 500 },
    );
  });
});
