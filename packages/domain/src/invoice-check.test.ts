import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CartLine, cartTotals, VAT_RATES } from './cart.ts';
import { type CheckedDocument, invoiceDifferences } from './invoice-check.ts';

/** A document as Botica's own cart maths make it: it adds up by construction. */
function documentOf(lines: CartLine[], discountPercent: number, recargo: boolean): CheckedDocument {
  const totals = cartTotals(
    lines,
    discountPercent > 0 ? [{ group_name: 'Grupo', discount_percent: discountPercent }] : [],
    { equivalenceSurcharge: recargo },
  );
  return {
    lines: lines.map((line, index) => {
      const priced = totals.lines[index];
      if (!priced) throw new Error('a line was not priced');
      return {
        quantity: line.quantity,
        unitPriceCents: Math.round(line.product.price * 100),
        discountCents: priced.discountCents,
        baseCents: priced.netCents,
        vatRate: priced.vatRate,
      };
    }),
    discounts: totals.discounts.map((line) => ({ amountCents: line.amountCents })),
    taxes: totals.vat.map((line) => ({
      rate: line.rate,
      baseCents: line.baseCents,
      amountCents: line.amountCents,
    })),
    surcharges: totals.surcharges.map((line) => ({
      vatRate: line.vatRate,
      rate: line.rate,
      baseCents: line.baseCents,
      amountCents: line.amountCents,
    })),
    recargoEquivalencia: recargo,
    totalCents: totals.totalCents,
  };
}

const simple: CheckedDocument = {
  lines: [
    { quantity: 3, unitPriceCents: 1250, discountCents: 75, baseCents: 3675, vatRate: 21 },
    { quantity: 2, unitPriceCents: 335, discountCents: 0, baseCents: 670, vatRate: 4 },
  ],
  discounts: [{ amountCents: 75 }],
  taxes: [
    { rate: 4, baseCents: 670, amountCents: 27 },
    { rate: 21, baseCents: 3675, amountCents: 772 },
  ],
  surcharges: [
    { vatRate: 4, rate: 0.5, baseCents: 670, amountCents: 3 },
    { vatRate: 21, rate: 5.2, baseCents: 3675, amountCents: 191 },
  ],
  recargoEquivalencia: true,
  totalCents: 3675 + 670 + 27 + 772 + 3 + 191,
};

describe('invoiceDifferences', () => {
  it('finds nothing in a document that adds up (VAT 21 % of 36,75 € is 7,7175 → 7,72; 0,5 % of 6,70 € is 3,35 cents → 3)', () => {
    expect(invoiceDifferences(simple)).toEqual([]);
  });

  it('names a line whose base is off by a cent, and nothing above it', () => {
    const lines = simple.lines.map((line, index) => (index === 1 ? { ...line, baseCents: 671 } : line));
    expect(invoiceDifferences({ ...simple, lines })).toEqual([
      { field: 'lines.1.base', expected: 670, received: 671, difference: 1 },
      { field: 'taxes.0.base', expected: 671, received: 670, difference: -1 },
      { field: 'surcharges.0.base', expected: 671, received: 670, difference: -1 },
      { field: 'total', expected: 5339, received: 5338, difference: -1 },
    ]);
  });

  it('rounds the VAT half away from zero, as the cart does: 7,7175 is 7,72, not 7,71', () => {
    const taxes = simple.taxes.map((tax) => (tax.rate === 21 ? { ...tax, amountCents: 771 } : tax));
    expect(invoiceDifferences({ ...simple, taxes, totalCents: simple.totalCents - 1 })).toEqual([
      { field: 'taxes.1.amount', expected: 772, received: 771, difference: -1 },
    ]);
  });

  it('a total off by a cent is that one difference', () => {
    expect(invoiceDifferences({ ...simple, totalCents: simple.totalCents + 1 })).toEqual([
      { field: 'total', expected: simple.totalCents, received: simple.totalCents + 1, difference: 1 },
    ]);
  });

  it('checks the surcharge rates against the known ones, and wants none outside the regime', () => {
    const surcharges = simple.surcharges.map((line) => (line.vatRate === 21 ? { ...line, rate: 4 } : line));
    expect(invoiceDifferences({ ...simple, surcharges })).toEqual([
      { field: 'surcharges.1.rate', expected: 5.2, received: 4, difference: -1.2 },
    ]);
    expect(invoiceDifferences({ ...simple, recargoEquivalencia: false })).toEqual([
      { field: 'surcharges.0.amount', expected: 0, received: 3, difference: 3 },
      { field: 'surcharges.1.amount', expected: 0, received: 191, difference: 191 },
    ]);
  });

  it('a rate of the lines without its VAT or surcharge line is missing; a rate given twice is counted once', () => {
    const found = invoiceDifferences({
      ...simple,
      taxes: [simple.taxes[1] as CheckedDocument['taxes'][number]],
      surcharges: [simple.surcharges[1] as CheckedDocument['surcharges'][number]],
      totalCents: simple.totalCents - 30,
    });
    expect(found).toEqual([
      { field: 'taxes', expected: 27, received: 0, difference: -27 },
      { field: 'surcharges', expected: 3, received: 0, difference: -3 },
    ]);
    const twice = invoiceDifferences({
      ...simple,
      taxes: [...simple.taxes, simple.taxes[1] as CheckedDocument['taxes'][number]],
    });
    expect(twice.map((each) => each.field)).toEqual(['taxes.2.base', 'total']);
    const surchargeTwice = invoiceDifferences({
      ...simple,
      surcharges: [...simple.surcharges, simple.surcharges[1] as CheckedDocument['surcharges'][number]],
    });
    expect(surchargeTwice.map((each) => each.field)).toEqual(['surcharges.2.base', 'total']);
  });

  it('a surcharge of a VAT rate that does not exist has no known rate', () => {
    const found = invoiceDifferences({
      ...simple,
      surcharges: [...simple.surcharges, { vatRate: 7, rate: 1, baseCents: 0, amountCents: 0 }],
    });
    expect(found).toEqual([{ field: 'surcharges.2.rate', expected: 0, received: 1, difference: 1 }]);
  });

  it('the discount lines share the lines’ discounts', () => {
    expect(invoiceDifferences({ ...simple, discounts: [] })).toEqual([
      { field: 'discounts', expected: 75, received: 0, difference: -75 },
    ]);
  });

  const cartLine = fc.record({
    product: fc.record({
      price: fc.integer({ min: 1, max: 200_000 }).map((cents) => cents / 100),
      vat_rate: fc.constantFrom(...VAT_RATES),
    }),
    quantity: fc.integer({ min: 1, max: 500 }),
  });
  const document = fc
    .tuple(fc.array(cartLine, { minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 30 }), fc.boolean())
    .map(([lines, percent, recargo]) => documentOf(lines, percent, recargo));

  it('whatever Botica’s own cart maths make adds up', () => {
    fc.assert(
      fc.property(document, (made) => {
        expect(invoiceDifferences(made)).toEqual([]);
      }),
    );
  });

  it('moving any one amount by a few cents is found, under that amount’s own field', () => {
    fc.assert(
      fc.property(
        document,
        fc.nat(),
        fc.integer({ min: -500, max: 500 }).filter((cents) => cents !== 0),
        (made, pick, cents) => {
          const targets: { field: string; moved: CheckedDocument }[] = [
            ...made.lines.map((line, index) => ({
              field: `lines.${index}.base`,
              moved: {
                ...made,
                lines: made.lines.map((each, at) =>
                  at === index ? { ...line, baseCents: line.baseCents + cents } : each,
                ),
              },
            })),
            ...made.taxes.map((tax, index) => ({
              field: `taxes.${index}.amount`,
              moved: {
                ...made,
                taxes: made.taxes.map((each, at) =>
                  at === index ? { ...tax, amountCents: tax.amountCents + cents } : each,
                ),
              },
            })),
            ...made.surcharges.map((line, index) => ({
              field: `surcharges.${index}.amount`,
              moved: {
                ...made,
                surcharges: made.surcharges.map((each, at) =>
                  at === index ? { ...line, amountCents: line.amountCents + cents } : each,
                ),
              },
            })),
            { field: 'total', moved: { ...made, totalCents: made.totalCents + cents } },
          ];
          const target = targets[pick % targets.length] as (typeof targets)[number];
          const found = invoiceDifferences(target.moved);
          expect(found.map((each) => each.field)).toContain(target.field);
          const own = found.find((each) => each.field === target.field);
          expect(own?.difference).toBe(cents);
        },
      ),
    );
  });
});
