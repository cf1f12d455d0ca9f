/**
 * The deterministic demo data: the same options always give the
 * same rows, with explicit ids so every foreign key lines up. Pure and fast: no clock, no
 * `Math.random`, no hashing (the password hash comes in as an argument).
 */
import { CONFIGURATION_KEYS, parseConfiguration } from '@botica/domain';
import type { carts, configurations, settings, specialPrices } from '../db/schema.ts';
import {
  type BannerRow,
  type CategoryRow,
  generateCatalogue,
  type ProductCategoryRow,
  type ProductRow,
  type ProductTagRow,
  type TagRow,
  type VolumeRuleRow,
} from './catalogue.ts';
import {
  generateDocuments,
  type InvoiceLineRow,
  type InvoiceRow,
  type ShipmentLineRow,
  type ShipmentRow,
} from './documents.ts';
import { generateOrders, type OrderLineRow, type OrderRow } from './orders.ts';
import {
  type ClientRow,
  type DiscountGroupRow,
  generatePeople,
  type SalesRepRow,
  type UserRow,
} from './pharmacies.ts';
import { createRandom } from './random.ts';
import { generateShops, type ShopRow } from './shops.ts';
import { generateShortages, type ProductSubstituteRow } from './shortages.ts';
import {
  generateSurveyAndMessages,
  type LabMessageRow,
  type SurveyQuestionRow,
  type SurveyRow,
} from './survey-and-messages.ts';
import { generateTraining, type Training } from './training.ts';
import {
  type ClientWholesalerRow,
  generateWholesalers,
  routeOrders,
  type WholesalerRow,
} from './wholesalers.ts';

export type SpecialPriceRow = typeof specialPrices.$inferInsert;
export type ConfigurationRow = typeof configurations.$inferInsert;
export type SettingRow = typeof settings.$inferInsert;
export type CartRow = typeof carts.$inferInsert;

/** Rows for every table but `sessions`, in an order that respects the foreign keys. */
export interface DemoData extends Training {
  banners: BannerRow[];
  salesReps: SalesRepRow[];
  discountGroups: DiscountGroupRow[];
  clients: ClientRow[];
  users: UserRow[];
  shops: ShopRow[];
  wholesalers: WholesalerRow[];
  clientWholesalers: ClientWholesalerRow[];
  categories: CategoryRow[];
  tags: TagRow[];
  products: ProductRow[];
  productCategories: ProductCategoryRow[];
  productTags: ProductTagRow[];
  specialPrices: SpecialPriceRow[];
  volumeRules: VolumeRuleRow[];
  configurations: ConfigurationRow[];
  settings: SettingRow[];
  carts: CartRow[];
  orders: OrderRow[];
  orderLines: OrderLineRow[];
  surveys: SurveyRow[];
  surveyQuestions: SurveyQuestionRow[];
  labMessages: LabMessageRow[];
  shipments: ShipmentRow[];
  shipmentLines: ShipmentLineRow[];
  invoices: InvoiceRow[];
  invoiceLines: InvoiceLineRow[];
  productSubstitutes: ProductSubstituteRow[];
}

/** Options of `generateDemoData`. */
export interface DemoDataOptions {
  /** How many products: 320 for the demo, 20,000 for benchmarks. At least 50. @default 320 */
  products?: number;
  /** The seed: the same seed (and `now`) gives the same data. @default 2026 */
  seed?: number | string;
  /** The moment the data is generated for: orders go back twelve months from it, never past it. */
  now: Date;
  /** The stored hash of the demo password, shared by every demo user (`hashPassword(DEMO_PASSWORD)`). */
  passwordHash: string;
}

export const DEFAULT_PRODUCT_COUNT = 320;
export const DEFAULT_SEED = 2026;
export const MIN_PRODUCT_COUNT = 50;
export const MAX_PRODUCT_COUNT = 200_000;

/** The demo configuration: minimum order 150 €, monthly cap 3,000 €. */
export const DEMO_CONFIGURATIONS: readonly ConfigurationRow[] = [
  { key: CONFIGURATION_KEYS.orderMinimumAmount, value: '150' },
  { key: CONFIGURATION_KEYS.maximumPurchasePerMonth, value: '3000' },
];

/**
 * Generates the demo data: catalogue, discount groups with special prices, sales reps, pharmacies,
 * users (the demo accounts among them), a year of past orders with the shipments, invoices and refunds
 * behind them, and the training content (webinars, materials, newsletters, news).
 * @example
 * const data = generateDemoData({ products: 320, seed: 2026, now: new Date(), passwordHash });
 * @throws RangeError for a product count outside 50–200,000, an invalid `now` or an empty hash.
 */
export function generateDemoData(options: DemoDataOptions): DemoData {
  const count = options.products ?? DEFAULT_PRODUCT_COUNT;
  const seed = options.seed ?? DEFAULT_SEED;
  const { now, passwordHash } = options;
  if (!Number.isSafeInteger(count) || count < MIN_PRODUCT_COUNT || count > MAX_PRODUCT_COUNT) {
    throw new RangeError(
      `products must be a whole number from ${MIN_PRODUCT_COUNT} to ${MAX_PRODUCT_COUNT}, got ${String(count)}`,
    );
  }
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) throw new RangeError('now must be a valid Date');
  if (passwordHash === '') throw new RangeError('passwordHash must not be empty');

  const random = createRandom(seed);
  const catalogue = generateCatalogue({ count, now, random: random.fork('catalogue') });
  const people = generatePeople({ now, random: random.fork('people'), passwordHash });

  const prices = random.fork('special-prices');
  const specialPriceRows: SpecialPriceRow[] = [];
  const specialIndex = new Map<number, Map<number, number>>();
  for (const group of people.discountGroups) {
    const byProduct = new Map<number, number>();
    specialIndex.set(group.id, byProduct);
    for (const product of catalogue.products) {
      if (!prices.chance(0.1)) continue;
      const off = prices.int(5, 20);
      const priceCents = Math.max(100, Math.round((product.priceCents * (100 - off)) / 100));
      if (priceCents >= product.priceCents) continue;
      byProduct.set(product.id, priceCents);
      specialPriceRows.push({ discountGroupId: group.id, productId: product.id, priceCents });
    }
  }

  const configuration = parseConfiguration(DEMO_CONFIGURATIONS);
  const { orders, orderLines } = generateOrders({
    now,
    random: random.fork('orders'),
    products: catalogue.products,
    volumeRules: catalogue.volumeRules,
    specialPrices: specialIndex,
    discountGroups: people.discountGroups,
    pharmacies: people.pharmacies,
    monthlyCapCents: configuration.maximumPurchasePerMonthCents,
    minimumOrderCents: configuration.orderMinimumAmountCents,
  });

  const training = generateTraining({ now, random: random.fork('training'), products: catalogue.products });
  const content = generateSurveyAndMessages({ now, products: catalogue.products });
  const documents = generateDocuments({
    now,
    random: random.fork('documents'),
    orders,
    orderLines,
    clients: people.clients,
  });

  const productSubstitutes = generateShortages({ now, ...catalogue });
  // After every other stream, so the rest of the demo data stays as it was.
  const shops = generateShops(people.pharmacies, random.fork('shops'));
  const delivery = generateWholesalers(people.pharmacies, random.fork('wholesalers'), now);
  const routedOrders = routeOrders(orders, {
    shops,
    pharmacies: people.pharmacies,
    links: delivery.clientWholesalers,
    wholesalerRows: delivery.wholesalers,
  });

  return {
    productSubstitutes,
    banners: catalogue.banners,
    salesReps: people.salesReps,
    discountGroups: people.discountGroups,
    clients: people.clients,
    users: people.users,
    shops,
    wholesalers: delivery.wholesalers,
    clientWholesalers: delivery.clientWholesalers,
    categories: catalogue.categories,
    tags: catalogue.tags,
    products: catalogue.products,
    productCategories: catalogue.productCategories,
    productTags: catalogue.productTags,
    specialPrices: specialPriceRows,
    volumeRules: catalogue.volumeRules,
    configurations: DEMO_CONFIGURATIONS.map((row) => ({ ...row })),
    settings: [],
    carts: [],
    orders: routedOrders,
    orderLines,
    ...training,
    surveys: content.surveys,
    surveyQuestions: content.surveyQuestions,
    labMessages: content.labMessages,
    shipments: documents.shipments,
    shipmentLines: documents.shipmentLines,
    invoices: documents.invoices,
    invoiceLines: documents.invoiceLines,
  };
}
