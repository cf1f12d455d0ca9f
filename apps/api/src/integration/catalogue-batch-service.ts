/**
 * The ERP's bulk upserts of products and stock: every item judged on its own (its shape, then the
 * domain's rules: check digits, prices, VAT rates, dates), the valid ones applied together in one
 * transaction through the CSV import's products kind (`import/catalogue-kinds.ts`: the same rules of
 * what a product is, what changes and what stays), with one audit row per batch and the pricing epoch
 * moved once, so every instance's search and carts see the batch at once and whole.
 */
import { ADMIN_PRODUCT_MESSAGES } from '@botica/api-client/admin';
import type { BatchResponse, ItemError, ItemResult } from '@botica/api-client/integration';
import { ProductItemSchema, StockItemSchema } from '@botica/api-client/integration';
import {
  eanFromNationalCode,
  isVatRate,
  NATIONAL_CODE_EAN_PREFIX,
  PRICE_RULE_MESSAGES,
  PRODUCT_CODE_MESSAGES,
  priceProblem,
} from '@botica/domain';
import { sql } from 'drizzle-orm';
import type * as z from 'zod/mini';
import { recordAudit } from '../audit/audit-service.ts';
import { type CoreContext, inTransaction } from '../core-context.ts';
import { selectRows } from '../db/database.ts';
import { lockPricingEpoch } from '../db/pricing-epoch-lock.ts';
import { betweenStatements, day, ean13, nationalCode, productsKind } from '../import/catalogue-kinds.ts';
import { code, slug, text } from '../import/fields.ts';
import { IMPORT_LOCK } from '../import/import-csv.ts';
import type { Outcome, ValidRow } from '../import/kind.ts';
import { sendBackInStockAlerts } from '../stock-alerts/stock-alerts-service.ts';
import { type IntegrationKey, integrationActor } from './api-keys-service.ts';

/** The most units in stock a figure may say. */
const MAX_UNITS = 10_000_000;

const MESSAGES = {
  required: 'Es obligatorio.',
  notAnObject: 'Cada elemento debe ser un objeto JSON.',
  vatRate: 'El IVA debe ser 4, 10 o 21.',
  units: 'Las unidades deben ser un número entero entre 0 y 10.000.000.',
  unknownReference: 'No existe ningún producto con esta referencia.',
  duplicate: (first: number) =>
    `La referencia ya aparece en el elemento ${String(first)} de este lote: cada referencia, una vez por lote.`,
} as const;

type ProductColumns = typeof productsKind.columns;
type ProductValues = ValidRow<ProductColumns>['values'];

/** An item's problems, gathered field by field. */
class ItemErrors {
  readonly list: ItemError[] = [];
  add(field: string, code: string, message: string): void {
    this.list.push({ field, code, message });
  }
  get isEmpty(): boolean {
    return this.list.length === 0;
  }
}

/** The shape problems of an item (zod's issues) as item errors with a machine word. */
function shapeErrors(issues: readonly z.core.$ZodIssue[], item: unknown, errors: ItemErrors): void {
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (issue.path.length === 0) {
      errors.add('', 'not_an_object', MESSAGES.notAnObject);
      continue;
    }
    let value: unknown = item;
    for (const part of issue.path) value = (value as Record<PropertyKey, unknown> | undefined)?.[part];
    const missing = issue.code === 'invalid_type' && value === undefined;
    errors.add(field, missing ? 'required' : 'invalid_type', missing ? MESSAGES.required : issue.message);
  }
}

/** A text field read with the CSV import's rule; '' (after trimming) is `required` where it must be. */
function readText(
  errors: ItemErrors,
  field: string,
  value: string,
  reader: (text: string) => { ok: true; value: string } | { ok: false; reason: string },
  options: { required: boolean; max: number },
): string | null {
  const trimmed = value.trim();
  if (trimmed === '') {
    if (options.required) errors.add(field, 'required', MESSAGES.required);
    return null;
  }
  const read = reader(trimmed);
  if (read.ok) return read.value;
  errors.add(field, [...trimmed].length > options.max ? 'too_long' : 'invalid_format', read.reason);
  return null;
}

/** Euros as a JSON number (two decimals at most) in cents, with the domain's price rules. */
function readPrice(errors: ItemErrors, field: string, euros: number): number | null {
  const cents = Math.round(euros * 100);
  if (!Number.isFinite(euros) || Math.abs(euros * 100 - cents) > 1e-6) {
    errors.add(field, 'invalid_price', PRICE_RULE_MESSAGES.priceInvalid);
    return null;
  }
  const magnitude = Math.abs(cents);
  const typed = `${cents < 0 ? '-' : ''}${String(Math.floor(magnitude / 100))},${String(magnitude % 100).padStart(2, '0')}`;
  const problem = priceProblem(typed);
  if (problem !== null) {
    errors.add(field, 'invalid_price', problem);
    return null;
  }
  return cents;
}

/** Units in stock: a whole number from 0 to `MAX_UNITS`. */
function readUnits(errors: ItemErrors, field: string, units: number): number | null {
  if (!Number.isInteger(units) || units < 0 || units > MAX_UNITS) {
    errors.add(field, Number.isInteger(units) ? 'out_of_range' : 'invalid_type', MESSAGES.units);
    return null;
  }
  return units;
}

/** A code's check: its format, or its check digit. */
function codeProblemWord(message: string): string {
  return message === PRODUCT_CODE_MESSAGES.nationalCodeCheck || message === PRODUCT_CODE_MESSAGES.eanCheck
    ? 'invalid_check_digit'
    : 'invalid_format';
}

/** An optional code (CN or EAN): null or '' empties it, undefined keeps it. */
function readCode(
  errors: ItemErrors,
  field: string,
  value: string | null | undefined,
  reader: typeof nationalCode,
): string | null | undefined {
  if (value === undefined || value === null || value.trim() === '')
    return value === undefined ? undefined : null;
  const read = reader(value.trim());
  if (read.ok) return read.value;
  errors.add(field, codeProblemWord(read.reason), read.reason);
  return undefined;
}

/** A Madrid day (`2026-12-15`): null or '' empties it, undefined keeps it. */
function readDay(
  errors: ItemErrors,
  field: string,
  value: string | null | undefined,
): string | null | undefined {
  if (value === undefined || value === null || value.trim() === '')
    return value === undefined ? undefined : null;
  const read = day(value.trim());
  if (read.ok) return read.value;
  errors.add(field, 'invalid_date', ADMIN_PRODUCT_MESSAGES.expectedDateInvalid);
  return undefined;
}

/**
 * The reference of an item as stored (upper case), or null when it is not one (what was sent is not
 * echoed: it may hold characters the stored answer cannot keep).
 */
function referenceOf(item: unknown): string | null {
  const reference = (item as { reference?: unknown } | null)?.reference;
  if (typeof reference !== 'string') return null;
  const read = code(40)(reference.trim());
  return read.ok ? read.value : null;
}

/** A product item read into the import's row values, or its errors. */
function readProduct(item: unknown): { values: ProductValues } | { errors: ItemError[] } {
  const errors = new ItemErrors();
  const parsed = ProductItemSchema.safeParse(item);
  if (!parsed.success) {
    shapeErrors(parsed.error.issues, item, errors);
    return { errors: errors.list };
  }
  const product = parsed.data;
  const reference = readText(errors, 'reference', product.reference, code(40), { required: true, max: 40 });
  const name = readText(errors, 'name', product.name, text(200), { required: true, max: 200 });
  const description =
    product.description === undefined || product.description === null
      ? product.description
      : (readText(errors, 'description', product.description, text(5_000, { multiline: true }), {
          required: false,
          max: 5_000,
        }) ?? '');
  const format = readText(errors, 'format', product.format, text(80), { required: true, max: 80 });
  const national = readCode(errors, 'national_code', product.national_code, nationalCode);
  const ean = readCode(errors, 'ean', product.ean, ean13);
  if (typeof national === 'string' && typeof ean === 'string' && ean.startsWith(NATIONAL_CODE_EAN_PREFIX)) {
    if (ean !== eanFromNationalCode(national))
      errors.add('ean', 'ean_mismatch', ADMIN_PRODUCT_MESSAGES.eanNotOfNationalCode);
  }
  const price = readPrice(errors, 'list_price', product.list_price);
  if (!isVatRate(product.vat_rate)) errors.add('vat_rate', 'invalid_vat_rate', MESSAGES.vatRate);
  let categories: string[] | null | undefined = product.categories;
  if (categories) {
    const codes: string[] = [];
    categories.forEach((category, index) => {
      const read = slug(category.trim());
      if (read.ok) {
        if (!codes.includes(read.value)) codes.push(read.value);
      } else errors.add(`categories.${String(index)}`, 'invalid_format', read.reason);
    });
    categories = codes;
  }
  const units =
    product.stock_units === undefined || product.stock_units === null
      ? product.stock_units
      : readUnits(errors, 'stock_units', product.stock_units);
  const expectedOn = readDay(errors, 'stock_expected_on', product.stock_expected_on);
  if (!errors.isEmpty || reference === null || name === null || format === null || price === null)
    return { errors: errors.list };
  return {
    values: {
      reference,
      name,
      description,
      format,
      price,
      vatRate: product.vat_rate as 4 | 10 | 21,
      nationalCode: national,
      ean,
      stock: units,
      stockExpectedOn: expectedOn,
      active: product.active,
      featured: undefined,
      categories,
      tags: undefined,
      tiers: undefined,
    },
  };
}

/** The field and machine word of the import's refusals of a row that read well. */
const APPLY_REFUSALS: Partial<Record<keyof ProductColumns, { field: string; code: string }>> = {
  categories: { field: 'categories', code: 'unknown_category' },
};

/** Counts and orders the results of a batch. */
function batchAnswer(results: ItemResult[]): BatchResponse {
  const totals = { created: 0, updated: 0, unchanged: 0, error: 0 };
  for (const result of results) totals[result.result] += 1;
  return { data: { items: results, totals } };
}

/**
 * Moves the pricing epoch on once for the whole batch: the tables' statement triggers move it with
 * every statement; the batch sets it to one past where it stood when the batch began (or leaves it
 * there when nothing changed). The epoch's row stays locked from the first statement to the commit,
 * so no other change can slip a value in between.
 */
async function lockEpoch(tx: CoreContext): Promise<number> {
  return lockPricingEpoch(tx.db);
}

async function settleEpoch(tx: CoreContext, start: number, changed: boolean): Promise<void> {
  await tx.db.execute(sql`update pricing_epoch set epoch = ${changed ? start + 1 : start} where id`);
}

/**
 * `PUT /api/v1/integration/products`: up to 20,000 products by reference, each created, updated or
 * unchanged, or refused with its errors while the others are applied. One transaction.
 */
export async function upsertProducts(
  context: CoreContext,
  key: IntegrationKey,
  items: readonly unknown[],
): Promise<BatchResponse> {
  const results: ItemResult[] = items.map((item, index) => ({
    index,
    reference: referenceOf(item),
    result: 'error',
  }));
  const rows: ValidRow<ProductColumns>[] = [];
  const firstIndex = new Map<string, number>();
  items.forEach((item, index) => {
    const read = readProduct(item);
    const result = results[index] as ItemResult;
    if ('errors' in read) {
      result.errors = read.errors;
      return;
    }
    const first = firstIndex.get(read.values.reference);
    if (first !== undefined) {
      result.errors = [
        { field: 'reference', code: 'duplicate_reference', message: MESSAGES.duplicate(first) },
      ];
      return;
    }
    firstIndex.set(read.values.reference, index);
    rows.push({ line: index, values: read.values, raw: {} });
  });
  return inTransaction(context, async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
    const epoch = await lockEpoch(tx);
    const outcomes = new Map<number, Outcome>();
    await productsKind.apply(tx.db, rows, {
      reject: (row, column, reason) => {
        const refusal = APPLY_REFUSALS[column] ?? { field: column, code: 'invalid_value' };
        const result = results[row.line] as ItemResult;
        result.errors = [
          ...(result.errors ?? []),
          { field: refusal.field, code: refusal.code, message: reason },
        ];
      },
      outcome: (row, outcome) => {
        outcomes.set(row.line, outcome);
      },
    });
    for (const [index, outcome] of outcomes) {
      const result = results[index] as ItemResult;
      if (result.errors === undefined) result.result = outcome;
    }
    const answer = batchAnswer(results);
    const { created, updated } = answer.data.totals;
    await settleEpoch(tx, epoch, created + updated > 0);
    await sendBackInStockAlerts(tx);
    await recordAudit(tx, {
      actor: integrationActor(key),
      action: 'integration.products',
      objectType: 'integration_batch',
      objectId: 'products',
      before: null,
      after: { items: items.length, ...answer.data.totals },
    });
    return answer;
  });
}

interface StockRow {
  id: number;
  reference: string;
  stock_units: number;
  stock_expected_on: string | null;
}

/** Rows per multi-row statement (well under PostgreSQL's parameter limit). */
const STOCK_BATCH_ROWS = 1_000;

/**
 * `PUT /api/v1/integration/stock`: up to 20,000 stock figures by reference; the state pharmacies
 * see follows the units (`stockStateOf`). One transaction, one audit row.
 */
export async function updateStock(
  context: CoreContext,
  key: IntegrationKey,
  items: readonly unknown[],
): Promise<BatchResponse> {
  const results: ItemResult[] = items.map((item, index) => ({
    index,
    reference: referenceOf(item),
    result: 'error',
  }));
  const valid: { index: number; reference: string; units: number; expectedOn: string | null | undefined }[] =
    [];
  const firstIndex = new Map<string, number>();
  items.forEach((item, index) => {
    const errors = new ItemErrors();
    const result = results[index] as ItemResult;
    const parsed = StockItemSchema.safeParse(item);
    if (!parsed.success) {
      shapeErrors(parsed.error.issues, item, errors);
      result.errors = errors.list;
      return;
    }
    const reference = readText(errors, 'reference', parsed.data.reference, code(40), {
      required: true,
      max: 40,
    });
    const units = readUnits(errors, 'units', parsed.data.units);
    const expectedOn = readDay(errors, 'expected_on', parsed.data.expected_on);
    if (!errors.isEmpty || reference === null || units === null) {
      result.errors = errors.list;
      return;
    }
    const first = firstIndex.get(reference);
    if (first !== undefined) {
      result.errors = [
        { field: 'reference', code: 'duplicate_reference', message: MESSAGES.duplicate(first) },
      ];
      return;
    }
    firstIndex.set(reference, index);
    valid.push({ index, reference, units, expectedOn });
  });
  return inTransaction(context, async (tx) => {
    const epoch = await lockEpoch(tx);
    // One read of every product's stock (a catalogue is tens of thousands of rows): cheaper than
    // looking up thousands of references, which the ERP may write in another case.
    const stored = new Map<string, StockRow>();
    if (valid.length > 0) {
      const rows = await selectRows<StockRow>(
        tx.db,
        sql`select id, reference, stock_units, stock_expected_on::text as stock_expected_on from products`,
      );
      for (const row of rows) stored.set(row.reference.toUpperCase(), row);
    }
    const changes: { id: number; units: number; expectedOn: string | null }[] = [];
    for (const item of valid) {
      const result = results[item.index] as ItemResult;
      const row = stored.get(item.reference);
      if (!row) {
        result.errors = [
          { field: 'reference', code: 'unknown_reference', message: MESSAGES.unknownReference },
        ];
        continue;
      }
      result.reference = row.reference;
      const expectedOn = item.expectedOn === undefined ? row.stock_expected_on : item.expectedOn;
      if (row.stock_units === item.units && row.stock_expected_on === expectedOn) {
        result.result = 'unchanged';
        continue;
      }
      changes.push({ id: row.id, units: item.units, expectedOn });
      result.result = 'updated';
    }
    for (let start = 0; start < changes.length; start += STOCK_BATCH_ROWS) {
      await betweenStatements();
      const batch = changes.slice(start, start + STOCK_BATCH_ROWS);
      const values = batch.map((change) => ({
        id: change.id,
        units: change.units,
        expected_on: change.expectedOn,
      }));
      await tx.db.execute(sql`
        update products p set stock_units = v.units, stock_expected_on = v.expected_on
        from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id integer, units integer, expected_on date)
        where p.id = v.id`);
    }
    const answer = batchAnswer(results);
    await settleEpoch(tx, epoch, changes.length > 0);
    await sendBackInStockAlerts(tx);
    await recordAudit(tx, {
      actor: integrationActor(key),
      action: 'integration.stock',
      objectType: 'integration_batch',
      objectId: 'stock',
      before: null,
      after: { items: items.length, ...answer.data.totals },
    });
    return answer;
  });
}
