/**
 * The ERP's bulk upserts of products and stock: created, updated and unchanged items; each invalid
 * item answered with its codes and the domain's Spanish messages while the valid ones beside it are
 * applied; an `Idempotency-Key` applies a batch once (twice in a row, or twice at once) and replays
 * its answer; the same key with another body is refused; pharmacies see the batch at once (search,
 * cart price, stock state); one audit row per batch; 413 past the body limit.
 */
import { nationalCodeWithCheckDigit, PRICE_RULE_MESSAGES, PRODUCT_CODE_MESSAGES } from '@botica/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import { DEMO_ACCOUNTS } from '../../src/demo-data/index.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { integrationClient, integrationKey, isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

/** Small enough to pass with a few hundred items, small enough to exceed in a test. */
const BATCH_LIMIT = 256 * 1024;

let sequence = 0;
/** A reference no other test uses. */
function newReference(prefix = 'ERP'): string {
  sequence += 1;
  return `${prefix}-${String(process.pid % 1000)}${String(Date.now() % 100_000)}-${String(sequence)}`;
}

function productItem(reference: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    reference,
    name: `Extracto de prueba ${reference}`,
    format: '60 cápsulas',
    description: 'Complemento alimenticio.',
    list_price: 12.5,
    vat_rate: 10,
    national_code: null,
    ean: null,
    active: true,
    ...overrides,
  };
}

function integrationCatalogueSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`the ERP's bulk upserts on ${engine}`, () => {
    let server: TestServer;
    let catalogueKey: string;
    let stockKey: string;
    let categoryCodes: string[];

    beforeAll(async () => {
      server = await startTestServer(engine, {
        postgresUrl: postgresUrl(),
        listen: true,
        products: 50,
        settings: { integrationBatchMaxBytes: BATCH_LIMIT },
      });
      catalogueKey = await integrationKey(server, ['catalogue'], {
        name: 'ERP catálogo',
        ratePerMinute: 10_000,
      });
      stockKey = await integrationKey(server, ['stock'], { name: 'ERP stock', ratePerMinute: 10_000 });
      categoryCodes = (
        await selectRows<{ slug: string }>(
          server.database.db,
          sql`select slug from categories where parent_id is not null order by id limit 2`,
        )
      ).map((row) => row.slug);
    });
    afterAll(() => server?.close());

    const put = (path: string, secret: string, payload: unknown, idempotencyKey?: string) =>
      server.app.inject({
        method: 'PUT',
        url: `/api/v1/integration/${path}`,
        headers: {
          authorization: `Bearer ${secret}`,
          'content-type': 'application/json',
          ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
        },
        payload: JSON.stringify(payload),
      });
    const upsert = (items: unknown[], idempotencyKey?: string) =>
      put('products', catalogueKey, { items }, idempotencyKey);
    const productRow = async (reference: string) =>
      (
        await selectRows<{
          id: number;
          name: string;
          price_cents: number;
          national_code: string | null;
          stock_units: number;
          stock_expected_on: string | null;
          version: number;
        }>(
          server.database.db,
          sql`select id, name, price_cents, national_code, stock_units, stock_expected_on::text as stock_expected_on,
                     version
                from products where reference = ${reference}`,
        )
      )[0];
    const auditCount = async (action: string) =>
      Number(
        (
          await selectRows<{ n: string | number }>(
            server.database.db,
            sql`select count(*) as n from audit_log where action = ${action}`,
          )
        )[0]?.n ?? 0,
      );
    const epoch = async () =>
      Number(
        (
          await selectRows<{ epoch: string | number }>(
            server.database.db,
            sql`select epoch from pricing_epoch`,
          )
        )[0]?.epoch,
      );

    it('creates new references, updates changed ones and reports the unchanged, in one batch', async () => {
      const references = Array.from({ length: 300 }, () => newReference());
      const cn = nationalCodeWithCheckDigit('712345');
      const items = references.map((reference, index) =>
        productItem(reference, index === 0 ? { national_code: cn, categories: categoryCodes } : {}),
      );
      const before = await epoch();
      const created = await upsert(items);
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json().data.totals).toEqual({ created: 300, updated: 0, unchanged: 0, error: 0 });
      expect(created.json().data.items[0]).toEqual({ index: 0, reference: references[0], result: 'created' });
      expect(await epoch()).toBe(before + 1);
      const first = await productRow(references[0] as string);
      expect(first).toMatchObject({ price_cents: 1250, national_code: cn });
      const linked = await selectRows<{ slug: string }>(
        server.database.db,
        sql`select c.slug from product_categories pc join categories c on c.id = pc.category_id
            where pc.product_id = ${first?.id ?? 0} order by c.slug`,
      );
      expect(linked.map((row) => row.slug)).toEqual([...categoryCodes].sort());

      const again = items.map((item, index) =>
        index < 10 ? { ...item, list_price: 13.75, name: `Renombrado ${String(index)}` } : item,
      );
      const updated = await upsert(again);
      expect(updated.json().data.totals).toEqual({ created: 0, updated: 10, unchanged: 290, error: 0 });
      expect(updated.json().data.items[0].result).toBe('updated');
      expect(updated.json().data.items[10].result).toBe('unchanged');
      expect(await productRow(references[0] as string)).toMatchObject({
        price_cents: 1375,
        name: 'Renombrado 0',
      });

      const still = await epoch();
      const unchanged = await upsert(again);
      expect(unchanged.json().data.totals).toEqual({ created: 0, updated: 0, unchanged: 300, error: 0 });
      expect(await epoch()).toBe(still);
    });

    it('answers each invalid item with codes and Spanish messages, and applies the valid ones beside it', async () => {
      const existing = newReference();
      expect((await upsert([productItem(existing)])).json().data.totals.created).toBe(1);
      const stored = await productRow(existing);
      const valid = newReference();
      const duplicate = newReference();
      const items = [
        productItem(newReference(), { national_code: '123456.7' }),
        productItem(newReference(), { ean: '8470001234566' }),
        productItem(newReference(), { list_price: 0 }),
        productItem(newReference(), { list_price: 3.333 }),
        productItem(newReference(), { name: undefined }),
        productItem(newReference(), { vat_rate: 7 }),
        productItem(newReference(), { categories: ['no-existe-esta-categoria'] }),
        'no soy un objeto',
        productItem(valid),
        productItem(duplicate),
        productItem(duplicate, { name: 'Otra' }),
        productItem(existing, { list_price: -1, name: 'No debe cambiar' }),
        productItem('referencia con espacios'),
        productItem(newReference(), { name: 'Con\u0000nulo' }),
      ];
      const response = await upsert(items);
      expect(response.statusCode, response.body).toBe(200);
      const results = response.json().data.items as {
        result: string;
        errors?: { field: string; code: string; message: string }[];
      }[];
      const errorOf = (index: number) => results[index]?.errors?.[0];
      expect(errorOf(0)).toEqual({
        field: 'national_code',
        code: 'invalid_check_digit',
        message: PRODUCT_CODE_MESSAGES.nationalCodeCheck,
      });
      expect(errorOf(1)).toEqual({
        field: 'ean',
        code: 'invalid_check_digit',
        message: PRODUCT_CODE_MESSAGES.eanCheck,
      });
      expect(errorOf(2)).toEqual({
        field: 'list_price',
        code: 'invalid_price',
        message: PRICE_RULE_MESSAGES.priceZero,
      });
      expect(errorOf(3)).toEqual({
        field: 'list_price',
        code: 'invalid_price',
        message: PRICE_RULE_MESSAGES.priceInvalid,
      });
      expect(errorOf(4)).toEqual({ field: 'name', code: 'required', message: 'Es obligatorio.' });
      expect(errorOf(5)).toEqual({
        field: 'vat_rate',
        code: 'invalid_vat_rate',
        message: 'El IVA debe ser 4, 10 o 21.',
      });
      expect(errorOf(6)).toMatchObject({ field: 'categories', code: 'unknown_category' });
      expect(errorOf(6)?.message).toContain('no-existe-esta-categoria');
      expect(errorOf(7)).toMatchObject({ field: '', code: 'not_an_object' });
      expect(results[8]?.result).toBe('created');
      expect(results[9]?.result).toBe('created');
      expect(errorOf(10)).toMatchObject({ field: 'reference', code: 'duplicate_reference' });
      expect(errorOf(10)?.message).toContain('elemento 9');
      expect(errorOf(11)).toEqual({
        field: 'list_price',
        code: 'invalid_price',
        message: PRICE_RULE_MESSAGES.priceNegative,
      });
      expect(errorOf(12)).toMatchObject({ field: 'reference', code: 'invalid_format' });
      expect(results[12]).toMatchObject({ reference: null, result: 'error' });
      expect(errorOf(13)).toEqual({
        field: 'name',
        code: 'invalid_format',
        message: 'Contiene caracteres no permitidos.',
      });
      expect(response.json().data.totals).toEqual({ created: 2, updated: 0, unchanged: 0, error: 12 });
      for (const [index, result] of results.entries())
        if (result.result === 'error') expect(result.errors?.[0]?.message, String(index)).toMatch(/\S/);
      expect(await productRow(valid)).toBeDefined();
      expect(await productRow(existing)).toEqual(stored);
      for (const index of [0, 1, 2, 3, 4, 5, 6])
        expect(
          await productRow(String((items[index] as { reference: string }).reference).toUpperCase()),
        ).toBeUndefined();
    });

    it('the same Idempotency-Key twice applies the batch once and replays the same answer', async () => {
      const key = `lote-${newReference()}`;
      const items = [productItem(newReference()), productItem(newReference())];
      const audits = await auditCount('integration.products');
      const first = await upsert(items, key);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const epochAfter = await epoch();
      const retry = await upsert(items, key);
      expect(retry.statusCode).toBe(200);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json()).toEqual(first.json());
      expect(retry.json().data.totals.created).toBe(2);
      expect(await auditCount('integration.products')).toBe(audits + 1);
      expect(await epoch()).toBe(epochAfter);
      // Another API key's same Idempotency-Key is its own.
      const otherKey = await integrationKey(server, ['catalogue']);
      const other = await put('products', otherKey, { items }, key);
      expect(other.headers['idempotent-replayed']).toBeUndefined();
      expect(other.json().data.totals.unchanged).toBe(2);
    });

    it('two parallel calls with one key write once; both get the same answer', async () => {
      const key = `paralelo-${newReference()}`;
      const items = Array.from({ length: 50 }, () => productItem(newReference()));
      const audits = await auditCount('integration.products');
      const [a, b] = await Promise.all([upsert(items, key), upsert(items, key)]);
      expect([a?.statusCode, b?.statusCode]).toEqual([200, 200]);
      expect(a?.json()).toEqual(b?.json());
      expect(a?.json().data.totals.created).toBe(50);
      expect([a?.headers['idempotent-replayed'], b?.headers['idempotent-replayed']].filter(Boolean)).toEqual([
        'true',
      ]);
      expect(await auditCount('integration.products')).toBe(audits + 1);
    });

    it('the same key with another body → 422 under Idempotency-Key; a malformed key → 422', async () => {
      const key = `otro-cuerpo-${newReference()}`;
      expect((await upsert([productItem(newReference())], key)).statusCode).toBe(200);
      const reused = await upsert([productItem(newReference())], key);
      expect(reused.statusCode).toBe(422);
      expect(reused.json().errors['Idempotency-Key'][0]).toMatch(/otro contenido/);
      const malformed = await upsert([productItem(newReference())], 'x'.repeat(256));
      expect(malformed.statusCode).toBe(422);
      expect(Object.keys(malformed.json().errors)).toEqual(['Idempotency-Key']);
    });

    it('the typed client sends the key as a trailing option', async () => {
      const erp = integrationClient(server, catalogueKey);
      const items = [productItem(newReference())] as Parameters<typeof erp.products.upsert>[0]['items'];
      const idempotencyKey = `cliente-${newReference()}`;
      const first = await erp.products.upsert({ items }, { idempotencyKey });
      const second = await erp.products.upsert({ items }, { idempotencyKey });
      expect(first.data.totals.created).toBe(1);
      expect(second).toEqual(first);
    });

    it("a change is the pharmacist's at once: the search finds it, the cart prices it anew", async () => {
      const reference = newReference('VIVO');
      const name = `Tintura Nocturna Erpvivo ${String(sequence)}`;
      expect(
        (await upsert([productItem(reference, { name, list_price: 20 })])).json().data.totals.created,
      ).toBe(1);
      const pharmacist = new InjectSession(server.app);
      expect((await pharmacist.login(DEMO_ACCOUNTS.demo)).statusCode).toBe(200);
      const found = await pharmacist.request('POST', '/api/v1/search', { payload: { query: name } });
      const hit = (found.json().hits as { id: number; reference: string }[]).find(
        (each) => each.reference === reference,
      );
      expect(hit, found.body).toBeDefined();
      const saved = await pharmacist.request('POST', '/api/v1/cart', {
        payload: { products: [{ id: hit?.id, quantity: 1 }] },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(
        (await upsert([productItem(reference, { name, list_price: 24.4 })])).json().data.totals.updated,
      ).toBe(1);
      const cart = (await pharmacist.request('GET', '/api/v1/cart')).json() as {
        items: { product: { id: number; price: number } }[];
      };
      expect(cart.items.find((line) => line.product.id === hit?.id)?.product.price).toBe(24.4);

      const stocked = await put('stock', stockKey, { items: [{ reference, units: 3, expected_on: null }] });
      expect(stocked.json().data.items[0].result).toBe('updated');
      const shown = await pharmacist.request('GET', `/api/v1/products/${String(hit?.id)}`);
      expect(JSON.stringify(shown.json())).toContain('low_stock');
      await pharmacist.request('POST', '/api/v1/cart', { payload: { products: [] } });
    });

    it('one audit row per batch, named after the key, with the counts', async () => {
      const items = Array.from({ length: 20 }, () => productItem(newReference()));
      await upsert(items);
      const [row] = await selectRows<{ username: string; after: Record<string, number> }>(
        server.database.db,
        sql`select username, after from audit_log where action = 'integration.products' order by id desc limit 1`,
      );
      expect(row?.username).toBe('API: ERP catálogo');
      expect(row?.after).toEqual({ items: 20, created: 20, updated: 0, unchanged: 0, error: 0 });
    });

    it('stock: units and expected day by reference, unknown references and bad figures answered apart', async () => {
      const reference = newReference('STK');
      await upsert([productItem(reference)]);
      const response = await put('stock', stockKey, {
        items: [
          { reference, units: 0, expected_on: '2026-12-15' },
          { reference: 'NO-EXISTE-999', units: 5 },
          { reference, units: -1 },
          { reference: newReference(), units: 1.5 },
          { reference: newReference(), units: 4, expected_on: '2026-02-30' },
        ],
      });
      expect(response.statusCode, response.body).toBe(200);
      const items = response.json().data.items as {
        result: string;
        errors?: { field: string; code: string }[];
      }[];
      expect(items.map((item) => item.result)).toEqual(['updated', 'error', 'error', 'error', 'error']);
      expect(items[1]?.errors?.[0]).toMatchObject({ field: 'reference', code: 'unknown_reference' });
      expect(items[2]?.errors?.[0]).toMatchObject({ field: 'units', code: 'out_of_range' });
      expect(items[3]?.errors?.[0]).toMatchObject({ field: 'units', code: 'invalid_type' });
      expect(items[4]?.errors?.[0]).toMatchObject({ field: 'expected_on', code: 'invalid_date' });
      expect(await productRow(reference)).toMatchObject({ stock_units: 0, stock_expected_on: '2026-12-15' });
      const again = await put('stock', stockKey, { items: [{ reference, units: 0 }] });
      expect(again.json().data.items[0].result).toBe('unchanged');
      // A catalogue key does not reach the stock.
      expect((await put('stock', catalogueKey, { items: [{ reference, units: 1 }] })).statusCode).toBe(403);
    });

    it('the OpenAPI document lists the Idempotency-Key header of both batches, and the replay header', async () => {
      const document = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      for (const path of ['/api/v1/integration/products', '/api/v1/integration/stock']) {
        const operation = document.paths[path].put;
        expect(operation.parameters, path).toContainEqual(
          expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }),
        );
        expect(Object.keys(operation.responses['200'].headers), path).toEqual(['Idempotent-Replayed']);
        expect(Object.keys(operation.responses), path).toContain('413');
      }
      const me = document.paths['/api/v1/integration/me'].get;
      expect(me.parameters.some((parameter: { name: string }) => parameter.name === 'Idempotency-Key')).toBe(
        false,
      );
    });

    it('413 past INTEGRATION_BATCH_MAX_BYTES, nothing applied', async () => {
      const reference = newReference();
      const items = [productItem(reference, { description: 'x'.repeat(BATCH_LIMIT) })];
      const response = await upsert(items);
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toMatch(/\S/);
      expect(await productRow(reference)).toBeUndefined();
    });
  });
}

integrationCatalogueSuite(projectEngine());
