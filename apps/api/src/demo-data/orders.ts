/**
 * Past orders of the demo pharmacies over the last twelve months, priced exactly as the server prices
 * a cart: `cartTotals` of @botica/domain with the group's special prices as `final_price`, the
 * group's cart-level discount and the pharmacy's VAT regime (recargo de equivalencia or not). No month of any pharmacy goes over the monthly cap, and
 * `farmacia.limite` is left with less than 100 € of it in the current month.
 */
import {
  type CartLine,
  type CartTotals,
  cartTotals,
  centsToEuros,
  type Discount,
  madridMonth,
  unitPriceCents,
  type VatRate,
} from '@botica/domain';
import type { orderLines, orders } from '../db/schema.ts';
import type { StoredDiscount, StoredSurcharge, StoredTax } from '../orders/stored-amounts.ts';
import type { ProductRow, VolumeRuleRow } from './catalogue.ts';
import type { DiscountGroupRow, Pharmacy } from './pharmacies.ts';
import type { Random } from './random.ts';
import { ORDER_NOTES } from './vocabulary.ts';

export type { StoredDiscount, StoredSurcharge, StoredTax };

export type OrderRow = typeof orders.$inferInsert & {
  id: number;
  createdAt: Date;
  discounts: StoredDiscount[];
  taxes: StoredTax[];
  recargoEquivalencia: boolean;
  surcharges: StoredSurcharge[];
};
export type OrderLineRow = typeof orderLines.$inferInsert & { id: number };

/** Special prices by discount group id, then product id, in cents. */
export type SpecialPriceIndex = ReadonlyMap<number, ReadonlyMap<number, number>>;

export interface OrdersOptions {
  now: Date;
  random: Random;
  products: readonly ProductRow[];
  volumeRules: readonly VolumeRuleRow[];
  specialPrices: SpecialPriceIndex;
  discountGroups: readonly DiscountGroupRow[];
  pharmacies: readonly Pharmacy[];
  /** `maximum_purchase_per_month`, in cents. */
  monthlyCapCents: number;
  /** `order_minimum_amount`, in cents. */
  minimumOrderCents: number;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * The window of `farmacia.limite`'s cart price this month. Its 8 % discount and 10 % VAT lines make
 * the total 1.012 times the price, so price and total both land strictly between 2,900 and 3,000 €.
 */
const LIMIT_PRICE_WINDOW = [291_500, 295_500] as const;

/** The stored order number: 'PW-' + Madrid year + the id on six digits ('PW-2026-000123'). */
export function orderNumber(id: number, createdAt: Date): string {
  return `PW-${madridMonth(createdAt).key.slice(0, 4)}-${String(id).padStart(6, '0')}`;
}

interface Draft {
  pharmacy: Pharmacy;
  userId: number;
  createdAt: Date;
  lines: { product: ProductRow; quantity: number; cartLine: CartLine }[];
  totals: CartTotals;
  notes: string | null;
}

/** Generates the orders and their lines, ids in chronological order. */
export function generateOrders(options: OrdersOptions): { orders: OrderRow[]; orderLines: OrderLineRow[] } {
  const { now, random, products, pharmacies } = options;
  const nowMs = now.getTime();
  const currentMonth = madridMonth(now);
  const maxQuantity = new Map<number, number>();
  for (const rule of options.volumeRules) {
    // Past orders stay below the first volume tier, so their prices never depend on how a tier applies.
    const below = rule.minQuantity - 1;
    maxQuantity.set(rule.productId, Math.min(maxQuantity.get(rule.productId) ?? below, below));
  }
  const groups = new Map(options.discountGroups.map((group) => [group.id, group]));

  function pricing(pharmacy: Pharmacy) {
    const group = groups.get(pharmacy.client.discountGroupId ?? -1);
    const discounts: Discount[] =
      group && group.discountPercent > 0
        ? [{ group_name: group.name, discount_percent: group.discountPercent }]
        : [];
    const specials = options.specialPrices.get(group?.id ?? -1);
    const cartLine = (product: ProductRow, quantity: number): CartLine => {
      const special = specials?.get(product.id);
      return {
        product: {
          id: product.id,
          price: centsToEuros(product.priceCents),
          final_price: special === undefined ? null : centsToEuros(special),
          vat_rate: product.vatRate as VatRate,
        },
        quantity,
      };
    };
    return { discounts, cartLine };
  }

  /**
   * Fills an order with distinct products until its price reaches `low`, never passing `high`
   * (`high − low` must exceed the cheapest product). Returns null if no product fits.
   */
  function fill(
    pharmacy: Pharmacy,
    createdAt: Date,
    low: number,
    high: number,
    accept: (product: ProductRow) => boolean,
  ): Draft | null {
    const { discounts, cartLine } = pricing(pharmacy);
    const lines: Draft['lines'] = [];
    const used = new Set<number>();
    let price = 0;
    const fits = (product: ProductRow, room: number) =>
      !used.has(product.id) &&
      product.createdAt.getTime() <= createdAt.getTime() &&
      accept(product) &&
      unitPriceCents(cartLine(product, 1).product) <= room;
    while (price < low) {
      const room = high - price;
      let chosen: ProductRow | undefined;
      for (let attempt = 0; attempt < 60 && !chosen; attempt += 1) {
        const candidate = random.pick(products);
        if (fits(candidate, room)) chosen = candidate;
      }
      if (!chosen) {
        const start = random.int(0, products.length - 1);
        for (let offset = 0; offset < products.length && !chosen; offset += 1) {
          const candidate = products[(start + offset) % products.length] as ProductRow;
          if (fits(candidate, room)) chosen = candidate;
        }
      }
      if (!chosen) return null;
      const unit = unitPriceCents(cartLine(chosen, 1).product);
      const most = Math.min(maxQuantity.get(chosen.id) ?? 12, Math.floor(room / unit));
      const quantity = 1 + Math.floor(random.next() ** 2 * most);
      used.add(chosen.id);
      lines.push({ product: chosen, quantity, cartLine: cartLine(chosen, quantity) });
      price += unit * quantity;
    }
    const totals = cartTotals(
      lines.map((line) => line.cartLine),
      discounts,
      { equivalenceSurcharge: pharmacy.client.recargoEquivalencia === true },
    );
    const userId = (
      pharmacy.users.length > 1 && random.chance(0.35)
        ? random.pick(pharmacy.users.slice(1))
        : pharmacy.users[0]
    )?.id as number;
    const notes = random.chance(0.15) ? random.pick(ORDER_NOTES) : null;
    return { pharmacy, userId, createdAt, lines, totals, notes };
  }

  const drafts: Draft[] = [];
  const spent = new Map<string, number>();
  const spentKey = (pharmacy: Pharmacy, month: string) => `${pharmacy.client.id}|${month}`;
  const weight = (totals: CartTotals) => Math.max(totals.priceCents, totals.totalCents);

  for (const pharmacy of pharmacies) {
    const count = { demo: 48, norte: 14, limite: 18, other: random.int(6, 20) }[pharmacy.kind];
    const cap = options.monthlyCapCents;
    // Monthly budgets well inside the cap: demo and the others keep room to order this month.
    const budget = (month: string) => {
      const isCurrent = month === currentMonth.key;
      if (pharmacy.kind === 'limite') return isCurrent ? 0 : Math.round(cap * 0.93);
      if (pharmacy.kind === 'demo') return isCurrent ? Math.round(cap * 0.4) : Math.round(cap * 0.8);
      return isCurrent ? Math.round(cap * 0.5) : Math.round(cap * 0.8);
    };
    for (let index = 0; index < count; index += 1) {
      const low = random.int(options.minimumOrderCents, options.minimumOrderCents + 55_000);
      const high = low + random.int(4_000, 25_000);
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const day = new Date(nowMs - random.int(0, 364) * DAY_MS);
        day.setUTCHours(random.int(7, 17), random.int(0, 59), random.int(0, 59), 0);
        const createdAt = day.getTime() > nowMs ? new Date(day.getTime() - DAY_MS) : day;
        const month = madridMonth(createdAt).key;
        const key = spentKey(pharmacy, month);
        const draft = fill(pharmacy, createdAt, low, high, () => true);
        if (!draft) continue;
        if ((spent.get(key) ?? 0) + weight(draft.totals) > budget(month)) continue;
        spent.set(key, (spent.get(key) ?? 0) + weight(draft.totals));
        drafts.push(draft);
        break;
      }
    }
  }

  const limite = pharmacies.find((pharmacy) => pharmacy.kind === 'limite');
  if (limite) drafts.push(...limitOrders(limite));

  function limitOrders(pharmacy: Pharmacy): Draft[] {
    const parts = 4;
    const target = (LIMIT_PRICE_WINDOW[0] + LIMIT_PRICE_WINDOW[1]) / 2;
    const share = Math.round(target / parts);
    const start = currentMonth.start.getTime();
    const span = Math.max(0, nowMs - start);
    const result: Draft[] = [];
    let price = 0;
    for (let part = 0; part < parts; part += 1) {
      const evenly = start + Math.floor((span * (part + 1)) / (parts + 1));
      // Shop hours on that day when they fall inside the month so far; else the evenly spaced instant.
      const shopHours = new Date(evenly);
      shopHours.setUTCHours(random.int(8, 16), random.int(0, 59), random.int(0, 59), 0);
      const inWindow = shopHours.getTime() >= start && shopHours.getTime() <= nowMs;
      const createdAt = inWindow ? shopHours : new Date(evenly);
      const last = part === parts - 1;
      const low = last ? LIMIT_PRICE_WINDOW[0] - price : share - 2_000;
      const high = last ? LIMIT_PRICE_WINDOW[1] - price : share + 2_000;
      // Only 10 % VAT lines, so the total stays at 1.012 times the price.
      const draft = fill(pharmacy, createdAt, low, high, (product) => product.vatRate === 10);
      if (!draft) throw new Error('the catalogue has too few products for farmacia.limite');
      price += draft.totals.priceCents;
      result.push(draft);
    }
    const total = result.reduce((sum, draft) => sum + draft.totals.totalCents, 0);
    const cap = options.monthlyCapCents;
    if (!(price > cap - 10_000 && price < cap && total > cap - 10_000 && total < cap)) {
      throw new Error(`farmacia.limite's month came out at ${price} / ${total} cents`);
    }
    return result;
  }

  drafts.sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.pharmacy.client.id - b.pharmacy.client.id,
  );
  const orderRows: OrderRow[] = [];
  const lineRows: OrderLineRow[] = [];
  drafts.forEach((draft, index) => {
    const id = index + 1;
    const ageMs = nowMs - draft.createdAt.getTime();
    const isCurrentMonth = draft.createdAt.getTime() >= currentMonth.start.getTime();
    orderRows.push({
      id,
      number: orderNumber(id, draft.createdAt),
      clientId: draft.pharmacy.client.id,
      userId: draft.userId,
      cartId: null,
      status: status(random, ageMs, isCurrentMonth),
      notes: draft.notes,
      priceCents: draft.totals.priceCents,
      discountCents: draft.totals.discountCents,
      taxCents: draft.totals.taxCents,
      totalCents: draft.totals.totalCents,
      discounts: draft.totals.discounts.map((line) => ({
        group_name: line.groupName,
        discount_percent: line.discountPercent,
        amount_cents: line.amountCents,
      })),
      taxes: draft.totals.vat.map((line) => ({
        rate: line.rate,
        base_cents: line.baseCents,
        amount_cents: line.amountCents,
      })),
      recargoEquivalencia: draft.pharmacy.client.recargoEquivalencia === true,
      surcharges: draft.totals.surcharges.map((line) => ({
        vat_rate: line.vatRate,
        rate: line.rate,
        base_cents: line.baseCents,
        amount_cents: line.amountCents,
      })),
      createdAt: draft.createdAt,
    });
    draft.lines.forEach((line, position) => {
      const totals = draft.totals.lines[position];
      if (!totals) throw new Error('cartTotals returned fewer lines than it was given');
      lineRows.push({
        id: lineRows.length + 1,
        orderId: id,
        productId: line.product.id,
        position,
        reference: line.product.reference,
        name: line.product.name,
        format: line.product.format,
        quantity: line.quantity,
        unitPriceCents: unitPriceCents(line.cartLine.product),
        priceCents: totals.priceCents,
        netCents: totals.netCents,
        vatRate: totals.vatRate,
      });
    });
  });
  return { orders: orderRows, orderLines: lineRows };
}

function status(random: Random, ageMs: number, isCurrentMonth: boolean): OrderRow['status'] {
  const days = ageMs / DAY_MS;
  if (ageMs < 36 * HOUR_MS)
    return random.weighted([
      ['received', 6],
      ['processing', 4],
    ] as const);
  if (days < 7)
    return random.weighted([
      ['processing', 5],
      ['shipped', 4],
      ['received', 1],
    ] as const);
  if (days < 21)
    return random.weighted([
      ['shipped', 4],
      ['delivered', 6],
    ] as const);
  // Cancelled orders only in closed months, so no reading of the cap depends on whether they count.
  return !isCurrentMonth && random.chance(0.04) ? 'cancelled' : 'delivered';
}
