/**
 * The ERP's bulk upserts of the catalogue and the stock (`PUT /api/v1/integration/products`,
 * `PUT /api/v1/integration/stock`): thousands of items per call, each by the laboratory's reference.
 * Each item is judged on its own: an item that breaks a rule is answered with its errors and changes
 * nothing, the valid ones beside it are applied, all in one transaction.
 */
import * as z from 'zod/mini';
import { BatchItemErrorSchema, batchAnswerSchema } from './integration-batch.ts';

/** The most items of one batch. */
export const INTEGRATION_BATCH_MAX_ITEMS = 20_000;

/** The Spanish messages of an item's shape (its rules' messages are the domain's). */
export const INTEGRATION_ITEM_MESSAGES = {
  text: 'Debe ser un texto.',
  number: 'Debe ser un número.',
  boolean: 'Debe ser true o false.',
  list: 'Debe ser una lista de códigos.',
  tooManyItems: `Un lote puede tener como máximo ${INTEGRATION_BATCH_MAX_ITEMS.toLocaleString('es-ES')} elementos.`,
  itemsRequired: 'Envía los elementos en «items».',
} as const;

const M = INTEGRATION_ITEM_MESSAGES;

/**
 * An item the server reads apart from the others: whatever it holds, it passes the batch's check, and
 * the server answers its problems in its own result (the batch is not refused for one item).
 */
function eachOnItsOwn<T extends z.ZodMiniType>(item: T) {
  return z.catch(item, (context) => context.value as z.output<T>);
}

/** The items of a batch: at least one, at most `INTEGRATION_BATCH_MAX_ITEMS`. */
function batchOf<T extends z.ZodMiniType>(item: T) {
  return z.object({
    items: z
      .array(eachOnItsOwn(item), M.itemsRequired)
      .check(z.minLength(1, M.itemsRequired), z.maxLength(INTEGRATION_BATCH_MAX_ITEMS, M.tooManyItems)),
  });
}

/**
 * One product as the ERP sends it. A field left out keeps what is stored (a new product gets its
 * default); `null` empties it.
 */
export const ProductItemSchema = z.object({
  /** The laboratory's reference, the item's key (`BT-10399`; letters, digits and `. _ / -`, up to 40). */
  reference: z.string(M.text),
  /** Up to 200 characters, one line. */
  name: z.string(M.text),
  /** Up to 5,000 characters, line breaks allowed. @default '' for a new product */
  description: z.optional(z.nullable(z.string(M.text))),
  /** The presentation (`60 cápsulas`, `250 ml`), up to 80 characters. */
  format: z.string(M.text),
  /** Its Código Nacional, six digits and the check digit (`123456.8`, `1234568`), or null. */
  national_code: z.optional(z.nullable(z.string(M.text))),
  /** The EAN-13 of its box, or null; a medicine's (`847000…`) must carry its Código Nacional. */
  ean: z.optional(z.nullable(z.string(M.text))),
  /** The laboratory's price, VAT excluded, in euros with two decimals at most (over 0). */
  list_price: z.number(M.number),
  /** 4, 10 or 21. */
  vat_rate: z.number(M.number),
  /** Whether pharmacies see it. @default true for a new product */
  active: z.optional(z.nullable(z.boolean(M.boolean))),
  /**
   * The codes of its categories (the `slug` of each, as the CSV import and the back office name them:
   * `defensas`, `resfriado-y-gripe`); the list replaces the product's. Unknown codes are an error.
   */
  categories: z.optional(z.nullable(z.array(z.string(M.text), M.list))),
  /** Units in stock, 0 to 10,000,000 (the state follows: 0 sold out, under 10 last units). */
  stock_units: z.optional(z.nullable(z.number(M.number))),
  /** When a sold-out product is expected back, a Madrid day (`2026-12-15`), or null. */
  stock_expected_on: z.optional(z.nullable(z.string(M.text))),
});
export type ProductItem = z.infer<typeof ProductItemSchema>;

/** `PUT /api/v1/integration/products`: up to 20,000 products by reference. */
export const ProductsUpsertRequestSchema = batchOf(ProductItemSchema);
export type ProductsUpsertRequest = z.infer<typeof ProductsUpsertRequestSchema>;

/** One stock figure as the ERP sends it. */
export const StockItemSchema = z.object({
  /** The product's reference. */
  reference: z.string(M.text),
  /** Units in stock now, 0 to 10,000,000. */
  units: z.number(M.number),
  /** When a sold-out product is expected back, a Madrid day (`2026-12-15`), or null; left out, kept. */
  expected_on: z.optional(z.nullable(z.string(M.text))),
});
export type StockItem = z.infer<typeof StockItemSchema>;

/** `PUT /api/v1/integration/stock`: up to 20,000 stock figures by reference. */
export const StockUpdateRequestSchema = batchOf(StockItemSchema);
export type StockUpdateRequest = z.infer<typeof StockUpdateRequestSchema>;

/**
 * One problem of one item: its field (`list_price`, `categories.2`, or `''` for the whole item), a
 * stable machine word — `required`, `invalid_type`, `invalid_format`, `invalid_check_digit`,
 * `too_long`, `out_of_range`, `invalid_price`, `invalid_vat_rate`, `invalid_date`, `ean_mismatch`,
 * `unknown_category`, `unknown_reference`, `duplicate_reference`, `not_an_object` — and what is wrong
 * in Spanish (the domain's text where the domain has the rule). The shape every batch answers.
 */
export const ItemErrorSchema = BatchItemErrorSchema;
export type ItemError = z.infer<typeof ItemErrorSchema>;

/**
 * The answer of a products or stock batch, as every batch answers (`batchAnswerSchema`): each item's
 * result in order — its `reference` as stored (upper case), or null when what was sent is not a
 * reference — and the totals.
 */
export const BatchResponseSchema = batchAnswerSchema({ reference: z.nullable(z.string()) });
export type BatchResponse = z.infer<typeof BatchResponseSchema>;
/** What happened to one item. */
export type ItemResult = BatchResponse['data']['items'][number];
