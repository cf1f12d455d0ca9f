/**
 * The amounts an order stores beside its lines (`orders.discounts`, `taxes`, `surcharges`, jsonb),
 * as the checkout computed them with @botica/domain; an invoice copies them (`invoices`).
 */
import type { SurchargeRate, VatRate } from '@botica/domain';

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
