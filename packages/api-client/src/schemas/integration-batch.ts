/**
 * The answer every bulk upsert of the integration area gives (`PUT /api/v1/integration/…` with
 * `{items: […]}`): one entry per item sent, in order, with its natural key as sent and what became of
 * it, and the totals. An item in error changes nothing; the others are applied beside it. A batch sent
 * again unchanged answers every item `unchanged`, so a retry is harmless.
 */
import * as z from 'zod/mini';

/** The most items one batch may carry; past it the whole batch is a 422 and nothing is applied. */
export const BATCH_MAX_ITEMS = 5_000;

/** What became of one item. */
export const BatchResultSchema = z.enum(['created', 'updated', 'unchanged', 'error']);
export type BatchResult = z.infer<typeof BatchResultSchema>;

/**
 * Why an item was refused: the field at fault (`tax_id`, `shops.1.postal_code`), a stable machine word
 * (`invalid_tax_id`, `unknown_discount_group`) and the domain's Spanish message.
 */
export const BatchItemErrorSchema = z.object({
  field: z.string(),
  code: z.string(),
  message: z.string(),
});
export type BatchItemError = z.infer<typeof BatchItemErrorSchema>;

/** How many items came to each result (keyed by the result, as the catalogue's batches answer). */
export const BatchTotalsSchema = z.object({
  created: z.int().check(z.gte(0)),
  updated: z.int().check(z.gte(0)),
  unchanged: z.int().check(z.gte(0)),
  error: z.int().check(z.gte(0)),
});
export type BatchTotals = z.infer<typeof BatchTotalsSchema>;

/**
 * The answer of a batch whose items are named by the fields of `key` (their natural key, echoed as
 * sent), with `extra` fields of the batch's own beside the items and totals.
 * @example batchAnswerSchema({ tax_id: z.string() })
 * // { data: { items: [{ index: 0, tax_id: 'B12345674', result: 'created' }], totals: {…} } }
 */
export function batchAnswerSchema<
  Key extends Record<string, z.ZodMiniType>,
  Extra extends Record<string, z.ZodMiniType> = Record<never, z.ZodMiniType>,
>(key: Key, extra?: Extra) {
  return z.object({
    data: z.object({
      items: z.array(
        z.object({
          /** The item's position in the batch, from 0. */
          index: z.int().check(z.gte(0)),
          ...key,
          result: BatchResultSchema,
          /** Present when `result` is `error`. */
          errors: z.optional(z.array(BatchItemErrorSchema)),
        }),
      ),
      totals: BatchTotalsSchema,
      ...(extra ?? ({} as Extra)),
    }),
  });
}

/** `{items: […]}` of at most `BATCH_MAX_ITEMS` items of `item`. */
export function batchRequestSchema<Item extends z.ZodMiniType>(item: Item) {
  return z.object({
    items: z
      .array(item)
      .check(z.maxLength(BATCH_MAX_ITEMS, `Como máximo ${BATCH_MAX_ITEMS} elementos por lote.`)),
  });
}
