/**
 * The amounts an order stores beside its lines (`orders.discounts`, `taxes`, `surcharges`, jsonb),
 * as the checkout computed them with @botica/domain; an invoice copies them (`invoices`).
 */
import { type CartTotals, centsToEuros, type SurchargeRate, type VatRate } from '@botica/domain';

/** A discount line. */
export interface StoredDiscount {
  group_name: string;
  discount_percent: number;
  amount_cents: number;
}

/** A VAT line. */
export interface StoredTax {
  rate: VatRate;
  base_cents: number;
  amount_cents: number;
}

/** A recargo de equivalencia line. */
export interface StoredSurcharge {
  vat_rate: VatRate;
  rate: SurchargeRate;
  base_cents: number;
  amount_cents: number;
}

/** The stored amounts in euros, as the contract's orders, invoices and refunds carry them. */
export function storedAmountsInEuros(stored: {
  discounts: readonly StoredDiscount[];
  taxes: readonly StoredTax[];
  surcharges: readonly StoredSurcharge[];
}) {
  return {
    discounts: stored.discounts.map((discount) => ({
      group_name: discount.group_name,
      discount_percent: Number(discount.discount_percent),
      amount: centsToEuros(discount.amount_cents),
    })),
    taxes: stored.taxes.map((tax) => ({
      rate: tax.rate,
      base: centsToEuros(tax.base_cents),
      amount: centsToEuros(tax.amount_cents),
    })),
    surcharges: stored.surcharges.map((line) => ({
      vat_rate: line.vat_rate,
      rate: line.rate,
      base: centsToEuros(line.base_cents),
      amount: centsToEuros(line.amount_cents),
    })),
  };
}

/** The domain's totals of a cart as an order (or its invoice) stores them. */
export function storedAmountsOf(totals: Pick<CartTotals, 'discounts' | 'vat' | 'surcharges'>): {
  discounts: StoredDiscount[];
  taxes: StoredTax[];
  surcharges: StoredSurcharge[];
} {
  return {
    discounts: totals.discounts.map((discount) => ({
      group_name: discount.groupName,
      discount_percent: discount.discountPercent,
      amount_cents: discount.amountCents,
    })),
    taxes: totals.vat.map((line) => ({
      rate: line.rate,
      base_cents: line.baseCents,
      amount_cents: line.amountCents,
    })),
    surcharges: totals.surcharges.map((line) => ({
      vat_rate: line.vatRate,
      rate: line.rate,
      base_cents: line.baseCents,
      amount_cents: line.amountCents,
    })),
  };
}
