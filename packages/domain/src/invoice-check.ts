/**
 * Whether an invoice (or refund) someone else computed adds up, as Botica computes its own: the
 * lines, the tax base of each VAT rate, the VAT and the recargo de equivalencia of each rate (each
 * rounded half away from zero to the cent on its own, as `cartTotals` does), the discounts and the
 * total. Every check compares what was received with what the received parts below it make, so one
 * wrong line is one difference, not a cascade through every total above it.
 */
import { SURCHARGE_RATES, surchargeCents, VAT_RATES, type VatRate } from './cart.ts';
import { divideRounded } from './money.ts';

/** A line as received, in cents. */
export interface CheckedLine {
  quantity: number;
  unitPriceCents: number;
  /** The line's discount (its share of the discounts), in cents. */
  discountCents: number;
  /** The taxable base of the line: quantity × unit price − discount. */
  baseCents: number;
  vatRate: number;
}

/** Everything of a document whose sums are checked, as received, in cents and percent. */
export interface CheckedDocument {
  lines: readonly CheckedLine[];
  /** The discount lines, which share out the lines' discounts. */
  discounts: readonly { amountCents: number }[];
  /** The VAT of each rate: its base and its amount. */
  taxes: readonly { rate: number; baseCents: number; amountCents: number }[];
  /** The recargo de equivalencia of each VAT rate: its rate, base and amount. */
  surcharges: readonly { vatRate: number; rate: number; baseCents: number; amountCents: number }[];
  /** Whether the customer is in the regime of recargo de equivalencia. */
  recargoEquivalencia: boolean;
  totalCents: number;
}

/**
 * One difference found: the field (as the wire names it, e.g. `lines.2.base`, `taxes.0.amount`,
 * `total`), what it should be, what was received and `received − expected`. Amounts are in cents;
 * a surcharge's `rate` field is in percent.
 */
export interface AmountDifference {
  field: string;
  expected: number;
  received: number;
  difference: number;
}

function difference(field: string, expected: number, received: number): AmountDifference[] {
  if (expected === received) return [];
  // A rate in percent may carry float noise (5.2 − 5.3); two decimals are all a rate has.
  const gap = Math.round((received - expected) * 100) / 100;
  return [{ field, expected, received, difference: gap }];
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** The sum of the bases of the lines of one VAT rate. */
function baseOf(lines: readonly CheckedLine[], rate: number): number {
  return sum(lines.filter((line) => line.vatRate === rate).map((line) => line.baseCents));
}

/** The VAT rates of the lines, ascending. */
function ratesOf(lines: readonly CheckedLine[]): VatRate[] {
  return VAT_RATES.filter((rate) => lines.some((line) => line.vatRate === rate));
}

/**
 * Every difference between a document's amounts and what its parts make; empty when it adds up:
 * - each line: quantity × unit price − discount = base, to the cent;
 * - the discount lines add up to the lines' discounts;
 * - one VAT line per rate of the lines (a rate without lines: expected 0), its base the sum of its
 *   lines' bases and its amount the base × rate, rounded half away from zero to the cent;
 * - in recargo de equivalencia, one surcharge line per VAT line, at the known rate
 *   (`SURCHARGE_RATES`), on the same base, its amount rounded the same way; outside it, none;
 * - the total: the bases, the VAT and the surcharges.
 * @example invoiceDifferences({ lines: [{ quantity: 2, unitPriceCents: 1000, discountCents: 0,
 *   baseCents: 2000, vatRate: 21 }], discounts: [], taxes: [{ rate: 21, baseCents: 2000,
 *   amountCents: 420 }], surcharges: [], recargoEquivalencia: false, totalCents: 2421 })
 * // [{ field: 'total', expected: 2420, received: 2421, difference: 1 }]
 */
export function invoiceDifferences(document: CheckedDocument): AmountDifference[] {
  const found: AmountDifference[] = [];
  document.lines.forEach((line, index) => {
    found.push(
      ...difference(
        `lines.${index}.base`,
        line.quantity * line.unitPriceCents - line.discountCents,
        line.baseCents,
      ),
    );
  });
  found.push(
    ...difference(
      'discounts',
      sum(document.lines.map((line) => line.discountCents)),
      sum(document.discounts.map((line) => line.amountCents)),
    ),
  );

  const rates = ratesOf(document.lines);
  const taxFields = new Set<number>();
  document.taxes.forEach((tax, index) => {
    const field = `taxes.${index}`;
    // A rate given twice: the second has no lines of its own.
    const base = taxFields.has(tax.rate) ? 0 : baseOf(document.lines, tax.rate);
    taxFields.add(tax.rate);
    found.push(...difference(`${field}.base`, base, tax.baseCents));
    found.push(
      ...difference(`${field}.amount`, divideRounded(tax.baseCents * tax.rate, 100), tax.amountCents),
    );
  });
  for (const rate of rates) {
    if (taxFields.has(rate)) continue;
    found.push(...difference('taxes', divideRounded(baseOf(document.lines, rate) * rate, 100), 0));
  }

  const surchargeFields = new Set<number>();
  document.surcharges.forEach((line, index) => {
    const field = `surcharges.${index}`;
    const twice = surchargeFields.has(line.vatRate);
    surchargeFields.add(line.vatRate);
    if (!document.recargoEquivalencia) {
      found.push(...difference(`${field}.amount`, 0, line.amountCents));
      return;
    }
    const known = (SURCHARGE_RATES as Record<number, number | undefined>)[line.vatRate];
    found.push(...difference(`${field}.rate`, known ?? 0, line.rate));
    found.push(
      ...difference(`${field}.base`, twice ? 0 : baseOf(document.lines, line.vatRate), line.baseCents),
    );
    if (known !== undefined)
      found.push(
        ...difference(
          `${field}.amount`,
          surchargeCents(line.baseCents, line.vatRate as VatRate),
          line.amountCents,
        ),
      );
  });
  if (document.recargoEquivalencia) {
    for (const rate of rates) {
      if (surchargeFields.has(rate)) continue;
      found.push(...difference('surcharges', surchargeCents(baseOf(document.lines, rate), rate), 0));
    }
  }

  found.push(
    ...difference(
      'total',
      sum(document.lines.map((line) => line.baseCents)) +
        sum(document.taxes.map((tax) => tax.amountCents)) +
        sum(document.surcharges.map((line) => line.amountCents)),
      document.totalCents,
    ),
  );
  return found;
}
