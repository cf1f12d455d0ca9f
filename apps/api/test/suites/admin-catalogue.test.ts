/**
 * The back office's catalogue on a real database: the staff list and read the products (inactive
 * ones too) and the category trees; only admins edit, add and reorganise (401, 419, 403 without a
 * word of the data). An edit names the version it was made on: an older one is a 409 and writes
 * nothing, and of two edits on one version exactly one wins. The domain's rules refuse under the
 * field's path; every change leaves one audit row with before and after; and on PostgreSQL a price
 * changed through one instance is what the pharmacist's next cart save and search get on another.
 */
import {
  ADMIN_CATALOGUE_MESSAGES,
  ADMIN_PRODUCT_MESSAGES,
  type AdminCategory,
  type AdminProduct,
} from '@botica/api-client/admin';
import { PRICE_RULE_MESSAGES, PRODUCT_CODE_MESSAGES } from '@botica/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import { auditLog } from '../../src/db/schema.ts';
import { DEMO_ACCOUNTS } from '../../src/demo-data/index.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { type DemoIds, startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { expectRefusal, isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Call {
  method: Method;
  url: string;
  payload?: unknown;
}

/** The edit's body from a product as `GET` gives it, with changes. */
function editOf(product: AdminProduct, changes: Record<string, unknown> = {}): Record<string, unknown> {
  const {
    id: _id,
    categories: _categories,
    stock: _stock,
    image: _image,
    created_at: _created,
    ...fields
  } = product;
  return { ...fields, ...changes };
}

/** A refusal: the status, the error body and nothing of the catalogue's data. */
const expectRefused = (response: LightMyRequestResponse, status: number) =>
  expectRefusal(response, status, { hidden: ['reference'] });

function adminCatalogueSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`the back office's catalogue on ${engine}`, () => {
    let server: TestServer;
    let ids: DemoIds;
    let admin: InjectSession;
    let rep: InjectSession;
    let productId: number;

    beforeAll(async () => {
      server = await startTestServer(engine, { postgresUrl: postgresUrl(), listen: false, products: 50 });
      ids = await server.demoIds();
      admin = await loggedIn(server, DEMO_ACCOUNTS.admin);
      rep = await loggedIn(server, DEMO_ACCOUNTS.comercial);
      const [product] = await selectRows<{ id: number }>(
        server.database.db,
        sql`select id from products where is_active order by id limit 1`,
      );
      if (!product) throw new Error('no product');
      productId = product.id;
    });
    afterAll(() => server?.close());

    const send = (session: InjectSession, call: Call, csrf = true) =>
      session.request(call.method, call.url, { csrf, ...(call.payload ? { payload: call.payload } : {}) });

    async function product(id = productId): Promise<AdminProduct> {
      const response = await admin.request('GET', `/api/v1/admin/products/${id}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as AdminProduct;
    }

    async function auditRows(objectType: string, objectId: number) {
      return server.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.objectType, objectType), eq(auditLog.objectId, String(objectId))));
    }

    describe('who may call it', () => {
      let reads: Call[];
      let changes: Call[];
      beforeAll(async () => {
        const current = await product();
        reads = [
          { method: 'GET', url: '/api/v1/admin/products?q=a' },
          { method: 'GET', url: `/api/v1/admin/products/${productId}` },
          { method: 'GET', url: '/api/v1/admin/categories' },
          { method: 'GET', url: '/api/v1/admin/tags' },
        ];
        changes = [
          {
            method: 'PUT',
            url: `/api/v1/admin/products/${productId}`,
            payload: editOf(current, { name: 'X' }),
          },
          {
            method: 'POST',
            url: '/api/v1/admin/products',
            payload: { ...editOf(current), version: undefined, reference: 'GUARD-1' },
          },
          { method: 'POST', url: '/api/v1/admin/categories', payload: { name: 'Guardia', parent_id: 1 } },
          { method: 'PATCH', url: '/api/v1/admin/categories/3', payload: { name: 'Guardia' } },
          { method: 'DELETE', url: '/api/v1/admin/categories/3' },
        ];
      });

      it('anonymous → 401, with nothing of the data', async () => {
        const anonymous = new InjectSession(server.app);
        await anonymous.csrf();
        for (const call of [...reads, ...changes]) expectRefused(await send(anonymous, call), 401);
      });

      it('a change without the CSRF token → 419, even for an admin', async () => {
        for (const call of changes) expectRefused(await send(admin, call, false), 419);
      });

      it('a pharmacy’s user → 403 for all; a sales rep reads, and gets 403 for every change', async () => {
        const pharmacist = await loggedIn(server, DEMO_ACCOUNTS.demo);
        for (const call of [...reads, ...changes]) expectRefused(await send(pharmacist, call), 403);
        for (const call of reads) expect((await send(rep, call)).statusCode).toBe(200);
        for (const call of changes) expectRefused(await send(rep, call), 403);
        // Nothing was changed by the refused calls.
        expect((await product()).name).not.toBe('X');
        expect(await auditRows('product', productId)).toEqual([]);
      });
    });

    it('lists inactive products too, searched as the portal searches, filtered and paged', async () => {
      const current = await product();
      await server.database.db.execute(sql`update products set is_active = false where id = ${productId}`);
      try {
        // The reference as pharmacists type it: lower case, without the hyphen.
        const typed = current.reference.toLowerCase().replace(/[^a-z0-9]/g, '');
        const found = (await admin.request('GET', `/api/v1/admin/products?q=${typed}`)).json();
        // Deactivated by another way than the edit, its version moved on.
        expect(found.data[0]).toMatchObject({
          id: productId,
          is_active: false,
          version: current.version + 1,
        });
        const inactive = (await rep.request('GET', '/api/v1/admin/products?status=inactive')).json();
        expect(inactive.data.map((row: { id: number }) => row.id)).toEqual([productId]);
        const active = (await admin.request('GET', '/api/v1/admin/products?status=active')).json();
        expect(active.data.map((row: { id: number }) => row.id)).not.toContain(productId);
        // The portal's search never shows it.
        const pharmacist = await loggedIn(server, DEMO_ACCOUNTS.demo);
        const portal = await pharmacist.request('POST', '/api/v1/search', { payload: { query: typed } });
        expect(portal.json().hits.map((hit: { id: number }) => hit.id)).not.toContain(productId);
      } finally {
        await server.database.db.execute(sql`update products set is_active = true where id = ${productId}`);
      }
      // A category keeps its own products and its descendants'.
      const category = current.categories[0];
      if (!category) throw new Error('the product has no category');
      const inCategory = (
        await admin.request('GET', `/api/v1/admin/products?category_id=${category.root_id}`)
      ).json();
      expect(inCategory.data.map((row: { id: number }) => row.id)).toContain(productId);
      // Stock states and pages.
      await server.database.db.execute(sql`update products set stock_units = 0 where id = ${productId}`);
      const soldOut = (await admin.request('GET', '/api/v1/admin/products?stock=out_of_stock')).json();
      expect(
        soldOut.data.every((row: { stock: { state: string } }) => row.stock.state === 'out_of_stock'),
      ).toBe(true);
      expect(soldOut.data.map((row: { id: number }) => row.id)).toContain(productId);
      const all = (await admin.request('GET', '/api/v1/admin/products?sort=price_desc')).json();
      expect(all.meta).toMatchObject({ current_page: 1, per_page: 50, total: 50 });
      const prices = all.data.map((row: { price: number }) => row.price);
      expect(prices).toEqual([...prices].sort((a: number, b: number) => b - a));
      const bad = await admin.request('GET', '/api/v1/admin/products?page=0&stock=some');
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['page', 'stock']);
    });

    it('edits a product with its tiers and special prices, audited before and after', async () => {
      const before = await product();
      const groups = (await admin.request('GET', '/api/v1/admin/discount-groups')).json().data as {
        id: number;
      }[];
      const group = groups[0];
      if (!group) throw new Error('no discount group');
      const response = await admin.request('PUT', `/api/v1/admin/products/${productId}`, {
        payload: editOf(before, {
          name: 'Valeriana Forte 60 cápsulas',
          national_code: '123456.8',
          ean: '8470001234568',
          price: '1.234,50',
          tiers: [
            { min_quantity: 6, discount_percent: 4 },
            { min_quantity: 12, discount_percent: 8.5 },
          ],
          special_prices: [{ discount_group_id: group.id, price: '1.100' }],
          stock_expected_on: '2026-12-15',
        }),
      });
      expect(response.statusCode, response.body).toBe(200);
      const after = response.json().data as AdminProduct;
      expect(after).toMatchObject({
        name: 'Valeriana Forte 60 cápsulas',
        national_code: '1234568',
        ean: '8470001234568',
        price: '1234,50',
        tiers: [
          { min_quantity: 6, discount_percent: 4 },
          { min_quantity: 12, discount_percent: 8.5 },
        ],
        special_prices: [{ discount_group_id: group.id, price: '1100,00' }],
        stock_expected_on: '2026-12-15',
        version: before.version + 1,
      });
      expect(await product()).toEqual(after);
      // The staff find it by its codes typed whole, as well as by text.
      for (const code of ['123456.8', '1234568', '8470001234568']) {
        const found = (await rep.request('GET', `/api/v1/admin/products?q=${code}`)).json();
        expect(found.data.map((row: { id: number }) => row.id)).toEqual([productId]);
      }
      const rows = await auditRows('product', productId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        action: 'product.updated',
        username: DEMO_ACCOUNTS.admin,
        before: { name: before.name, price: before.price, version: before.version },
        after: { name: 'Valeriana Forte 60 cápsulas', price: '1234,50', version: before.version + 1 },
      });
    });

    it('sets the units in stock when the staff give them (the state follows), and keeps them otherwise', async () => {
      const put = async (payload: Record<string, unknown>) =>
        admin.request('PUT', `/api/v1/admin/products/${productId}`, { payload });
      const low = await put(editOf(await product(), { stock_units: 5 }));
      expect(low.statusCode, low.body).toBe(200);
      expect(low.json().data.stock).toMatchObject({ state: 'low_stock', units: 5 });
      const kept = await put(editOf(low.json().data as AdminProduct, { name: 'Valeriana Forte' }));
      expect(kept.json().data.stock).toMatchObject({ state: 'low_stock', units: 5 });
      const soldOut = await put(editOf(kept.json().data as AdminProduct, { stock_units: 0 }));
      expect(soldOut.json().data.stock).toMatchObject({ state: 'out_of_stock', units: 0 });
      const wrong = await put(editOf(await product(), { stock_units: -1 }));
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toEqual({ stock_units: [ADMIN_PRODUCT_MESSAGES.stockUnitsInvalid] });
    });

    it('refuses an edit made on an older version (409, nothing written); of two at once exactly one wins', async () => {
      const current = await product();
      const stale = await admin.request('PUT', `/api/v1/admin/products/${productId}`, {
        payload: editOf(current, { name: 'Antigua', version: current.version - 1 }),
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ message: ADMIN_CATALOGUE_MESSAGES.versionConflict });
      expect((await product()).name).toBe(current.name);

      const audited = (await auditRows('product', productId)).length;
      const second = await loggedIn(server, DEMO_ACCOUNTS.admin);
      const answers = await Promise.all(
        [admin, second].map((session, index) =>
          session.request('PUT', `/api/v1/admin/products/${productId}`, {
            payload: editOf(current, { name: `A la vez ${index}` }),
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.statusCode === 200)?.json().data as AdminProduct;
      expect(await product()).toMatchObject({ name: winner.name, version: current.version + 1 });
      expect(await auditRows('product', productId)).toHaveLength(audited + 1);

      // A price the ERP's import changed since the form was read: the edit would undo it.
      const read = await product();
      await server.database.db.execute(
        sql`update products set price_cents = price_cents + 1 where id = ${productId}`,
      );
      const undoing = await admin.request('PUT', `/api/v1/admin/products/${productId}`, {
        payload: editOf(read),
      });
      expect(undoing.statusCode).toBe(409);
      // Stock the ERP sends is not the form's: an edit made before it still saves.
      const fresh = await product();
      await server.database.db.execute(sql`update products set stock_units = 3 where id = ${productId}`);
      const kept = await admin.request('PUT', `/api/v1/admin/products/${productId}`, {
        payload: editOf(fresh),
      });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json().data.stock).toMatchObject({ units: 3, state: 'low_stock' });
    });

    it('refuses the domain’s rules under the field’s path, and ids that name nothing', async () => {
      const current = await product();
      const refused = async (changes: Record<string, unknown>) => {
        const response = await admin.request('PUT', `/api/v1/admin/products/${productId}`, {
          payload: editOf(current, changes),
        });
        expect(response.statusCode, response.body).toBe(422);
        return response.json().errors as Record<string, string[]>;
      };
      // A tier that does not lower the price, and one that repeats a quantity.
      expect(
        await refused({
          tiers: [
            { min_quantity: 6, discount_percent: 10 },
            { min_quantity: 12, discount_percent: 5 },
          ],
        }),
      ).toEqual({ 'tiers.1.discount_percent': [PRICE_RULE_MESSAGES.tierNotCheaper] });
      expect(
        await refused({
          tiers: [
            { min_quantity: 6, discount_percent: 4 },
            { min_quantity: 6, discount_percent: 8 },
          ],
        }),
      ).toMatchObject({ 'tiers.1.min_quantity': [PRICE_RULE_MESSAGES.quantityRepeated] });
      expect(await refused({ national_code: '123456.7' })).toEqual({
        national_code: [PRODUCT_CODE_MESSAGES.nationalCodeCheck],
      });
      expect(await refused({ ean: '8470001234566' })).toEqual({ ean: [PRODUCT_CODE_MESSAGES.eanCheck] });
      const group = current.special_prices[0]?.discount_group_id ?? 1;
      expect(await refused({ special_prices: [{ discount_group_id: group, price: current.price }] })).toEqual(
        {
          'special_prices.0.price': [PRICE_RULE_MESSAGES.specialPriceNotBelow],
        },
      );
      expect(await refused({ name: '  ', version: undefined })).toMatchObject({
        name: [ADMIN_PRODUCT_MESSAGES.nameRequired],
        version: [ADMIN_PRODUCT_MESSAGES.versionRequired],
      });
      expect(
        await refused({
          category_ids: [999_999],
          tag_ids: [999_999],
          special_prices: [{ discount_group_id: 999_999, price: '1' }],
        }),
      ).toEqual({
        category_ids: [ADMIN_CATALOGUE_MESSAGES.categoryUnknown],
        tag_ids: [ADMIN_CATALOGUE_MESSAGES.tagUnknown],
        'special_prices.0.discount_group_id': [ADMIN_CATALOGUE_MESSAGES.discountGroupUnknown],
      });
      const [other] = await selectRows<{ reference: string }>(
        server.database.db,
        sql`select reference from products where id <> ${productId} order by id limit 1`,
      );
      expect(await refused({ reference: other?.reference })).toEqual({
        reference: [ADMIN_CATALOGUE_MESSAGES.referenceTaken],
      });
      // Nothing was written.
      expect(await product()).toEqual(current);
      const unknown = await admin.request('PUT', '/api/v1/admin/products/999999', {
        payload: editOf(current),
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('adds a new reference, audited', async () => {
      const template = await product();
      const { version: _version, ...fields } = editOf(template, {
        name: 'Melatonina Nueva 30 comprimidos',
        reference: 'BT-NUEVA-1',
        national_code: null,
        ean: null,
        tiers: [],
        special_prices: [],
        price: '9,95',
      });
      const response = await admin.request('POST', '/api/v1/admin/products', { payload: fields });
      expect(response.statusCode, response.body).toBe(201);
      const created = response.json().data as AdminProduct;
      expect(created).toMatchObject({
        name: 'Melatonina Nueva 30 comprimidos',
        reference: 'BT-NUEVA-1',
        price: '9,95',
        version: 0,
        stock: { state: 'out_of_stock', units: 0 },
      });
      expect(await auditRows('product', created.id)).toMatchObject([
        { action: 'product.created', before: null, after: { reference: 'BT-NUEVA-1' } },
      ]);
      const again = await admin.request('POST', '/api/v1/admin/products', { payload: fields });
      expect(again.statusCode).toBe(422);
      expect(again.json().errors).toEqual({ reference: [ADMIN_CATALOGUE_MESSAGES.referenceTaken] });
    });

    describe('the category trees', () => {
      async function forest(): Promise<AdminCategory[]> {
        return (await admin.request('GET', '/api/v1/admin/categories')).json().data as AdminCategory[];
      }
      function find(categories: readonly AdminCategory[], id: number): AdminCategory | undefined {
        for (const category of categories) {
          if (category.id === id) return category;
          const found = find(category.children, id);
          if (found) return found;
        }
        return undefined;
      }

      it('creates, renames, moves, reorders and deletes a category, each audited', async () => {
        const trees = await forest();
        expect(trees.map((tree) => tree.id)).toEqual([1, 2]);
        const epoch = async () =>
          Number(
            (await selectRows<{ epoch: string }>(server.database.db, sql`select epoch from pricing_epoch`))[0]
              ?.epoch,
          );
        const epochBefore = await epoch();
        const created = await admin.request('POST', '/api/v1/admin/categories', {
          payload: { name: 'Sueño infantil', parent_id: 1, position: 0 },
        });
        expect(created.statusCode, created.body).toBe(201);
        // What the catalogue's answers are kept under moves on with the trees too.
        expect(await epoch()).toBeGreaterThan(epochBefore);
        const id = created.json().data.id as number;
        expect(created.json().data).toMatchObject({ name: 'Sueño infantil', parent_id: 1, position: 0 });
        const ranges = find(await forest(), 1)?.children ?? [];
        expect(ranges.map((child) => child.position)).toEqual(ranges.map((_, index) => index));
        expect(ranges[0]?.id).toBe(id);

        const renamed = await admin.request('PATCH', `/api/v1/admin/categories/${id}`, {
          payload: { name: 'Sueño de los niños' },
        });
        expect(renamed.json().data).toMatchObject({ name: 'Sueño de los niños', parent_id: 1 });

        // Under health problems, second.
        const moved = await admin.request('PATCH', `/api/v1/admin/categories/${id}`, {
          payload: { parent_id: 2, position: 1 },
        });
        expect(moved.statusCode, moved.body).toBe(200);
        const health = find(await forest(), 2)?.children ?? [];
        expect(health[1]?.id).toBe(id);
        expect(health.map((child) => child.position)).toEqual(health.map((_, index) => index));
        const rangesAfter = find(await forest(), 1)?.children ?? [];
        expect(rangesAfter.map((child) => child.position)).toEqual(rangesAfter.map((_, index) => index));

        // A child of its own: into it is a cycle.
        const child = await admin.request('POST', '/api/v1/admin/categories', {
          payload: { name: 'Pesadillas', parent_id: id },
        });
        const childId = child.json().data.id as number;
        for (const parent of [id, childId]) {
          const cycle = await admin.request('PATCH', `/api/v1/admin/categories/${id}`, {
            payload: { parent_id: parent },
          });
          expect(cycle.statusCode).toBe(422);
          expect(cycle.json().errors).toEqual({ parent_id: [ADMIN_CATALOGUE_MESSAGES.categoryCycle] });
        }
        const root = await admin.request('PATCH', '/api/v1/admin/categories/1', {
          payload: { parent_id: 2 },
        });
        expect(root.json().errors).toEqual({ parent_id: [ADMIN_CATALOGUE_MESSAGES.categoryRoot] });

        // Not empty: a subcategory, then a product.
        const full = await admin.request('DELETE', `/api/v1/admin/categories/${id}`);
        expect(full.statusCode).toBe(409);
        expect(full.json()).toEqual({ message: ADMIN_CATALOGUE_MESSAGES.categoryNotEmpty });
        const current = await product();
        const linked = await admin.request('PUT', `/api/v1/admin/products/${productId}`, {
          payload: editOf(current, { category_ids: [...current.category_ids, childId] }),
        });
        expect(linked.statusCode, linked.body).toBe(200);
        expect((await admin.request('DELETE', `/api/v1/admin/categories/${childId}`)).statusCode).toBe(409);
        expect(find(await forest(), childId)?.product_count).toBe(1);
        const unlinked = await admin.request('PUT', `/api/v1/admin/products/${productId}`, {
          payload: editOf(linked.json().data, { category_ids: current.category_ids }),
        });
        expect(unlinked.statusCode).toBe(200);
        expect((await admin.request('DELETE', `/api/v1/admin/categories/${childId}`)).statusCode).toBe(204);
        expect((await admin.request('DELETE', `/api/v1/admin/categories/${id}`)).statusCode).toBe(204);
        expect(find(await forest(), id)).toBeUndefined();
        expect((await admin.request('DELETE', '/api/v1/admin/categories/2')).statusCode).toBe(409);

        const rows = await auditRows('category', id);
        expect(rows.map((row) => row.action)).toEqual([
          'category.created',
          'category.updated',
          'category.updated',
          'category.deleted',
        ]);
        expect(rows[2]).toMatchObject({ before: { parent_id: 1 }, after: { parent_id: 2, position: 1 } });
        expect(rows[3]).toMatchObject({ after: null });
      });

      it('refuses a blank name, a name its siblings have and an unknown parent', async () => {
        const [first] = find(await forest(), 1)?.children ?? [];
        const bad = await admin.request('POST', '/api/v1/admin/categories', {
          payload: { name: ' ', parent_id: 999_999 },
        });
        expect(bad.statusCode).toBe(422);
        expect(bad.json().errors).toEqual({ name: [ADMIN_CATALOGUE_MESSAGES.categoryNameRequired] });
        const unknown = await admin.request('POST', '/api/v1/admin/categories', {
          payload: { name: 'Nueva', parent_id: 999_999 },
        });
        expect(unknown.json().errors).toEqual({ parent_id: [ADMIN_CATALOGUE_MESSAGES.categoryUnknown] });
        const twin = await admin.request('POST', '/api/v1/admin/categories', {
          payload: { name: first?.name.toUpperCase(), parent_id: 1 },
        });
        expect(twin.json().errors).toEqual({ name: [ADMIN_CATALOGUE_MESSAGES.categoryNameTaken] });
      });
    });

    it('a price changed by the admin is the pharmacist’s at his next save, with the price he saw before', async () => {
      const pharmacist = await loggedIn(server, DEMO_ACCOUNTS.demo);
      const target = await pricedTarget(server, ids.demo.clientId);
      const saved = await pharmacist.request('POST', '/api/v1/cart', {
        payload: { products: [{ id: target.id, quantity: 1 }] },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const seen = lineOf(saved.json(), target.id);
      expect(seen.previous_price ?? null).toBeNull();

      const current = await product(target.id);
      const raised = await admin.request('PUT', `/api/v1/admin/products/${target.id}`, {
        payload: editOf(current, { price: '77,70' }),
      });
      expect(raised.statusCode, raised.body).toBe(200);

      const read = await pharmacist.request('GET', '/api/v1/cart');
      const line = lineOf(read.json(), target.id);
      expect(line.product.price).toBe(77.7);
      expect(line.previous_price).toBe(seen.product.final_price ?? seen.product.price);
      // The next save acknowledges it: the answer shows it once more, then it is gone.
      const acknowledged = await pharmacist.request('POST', '/api/v1/cart', {
        payload: { products: [{ id: target.id, quantity: 1 }] },
      });
      expect(lineOf(acknowledged.json(), target.id).previous_price).toBe(line.previous_price);
      expect(
        lineOf((await pharmacist.request('GET', '/api/v1/cart')).json(), target.id).previous_price ?? null,
      ).toBeNull();

      // A tier from 2 units changes nothing at 1; the pharmacist's move into it is his own doing.
      const tiered = await admin.request('PUT', `/api/v1/admin/products/${target.id}`, {
        payload: editOf(raised.json().data, { tiers: [{ min_quantity: 2, discount_percent: 10 }] }),
      });
      expect(tiered.statusCode, tiered.body).toBe(200);
      expect(
        lineOf((await pharmacist.request('GET', '/api/v1/cart')).json(), target.id).previous_price ?? null,
      ).toBeNull();
      const more = await pharmacist.request('POST', '/api/v1/cart', {
        payload: { products: [{ id: target.id, quantity: 2 }] },
      });
      const moved = lineOf(more.json(), target.id);
      expect(moved.product.final_price).toBe(69.93);
      expect(moved.previous_price ?? null).toBeNull();
      await pharmacist.request('POST', '/api/v1/cart', { payload: { products: [] } });
    });
  });
}

/** One browser's session, logged in. */
async function loggedIn(server: TestServer, username: string): Promise<InjectSession> {
  const session = new InjectSession(server.app);
  expect((await session.login(username)).statusCode).toBe(200);
  return session;
}

interface CartLine {
  product: { id: number; price: number; final_price: number | null };
  quantity: number;
  previous_price?: number | null;
}

function lineOf(cart: { items: CartLine[] }, productId: number): CartLine {
  const line = cart.items.find((item) => item.product.id === productId);
  if (!line) throw new Error(`no line of ${productId}`);
  return line;
}

/** An active product without tiers or a special price for the client's group, in stock. */
async function pricedTarget(server: TestServer, clientId: number): Promise<{ id: number }> {
  const [row] = await selectRows<{ id: number }>(
    server.database.db,
    sql`select p.id from products p
        where p.is_active and p.stock_units > 0 and p.price_cents < 7000
          and not exists (select 1 from volume_rules v where v.product_id = p.id)
          and not exists (select 1 from special_prices sp join clients c on c.discount_group_id = sp.discount_group_id
                          where sp.product_id = p.id and c.id = ${clientId})
        order by p.id desc limit 1`,
  );
  if (!row) throw new Error('no product without tiers or special price');
  return row;
}

/**
 * Two instances on one PostgreSQL database, each with its catalogue index and the cart's memory
 * of prices: the admin's change on the first is what the pharmacist's next cart save and search get
 * on the second.
 */
function twoInstancesSuite(engine: Engine): void {
  describe.skipIf(engine !== 'postgres' || isUnavailable(engine))('a price changed on one instance', () => {
    let first: TestServer;
    let second: TestServer;

    beforeAll(async () => {
      first = await startTestServer('postgres', {
        postgresUrl: postgresUrl(),
        products: 50,
        listen: false,
      });
      second = await startTestServer('postgres', { sameDatabaseAs: first, listen: false });
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    it('is the pharmacist’s next cart save and search on the other', async () => {
      const { demo } = await first.demoIds();
      const admin = await loggedIn(first, DEMO_ACCOUNTS.admin);
      const pharmacist = await loggedIn(second, DEMO_ACCOUNTS.demo);
      const target = await pricedTarget(first, demo.clientId);
      const before = (await admin.request('GET', `/api/v1/admin/products/${target.id}`)).json()
        .data as AdminProduct;

      // The second instance has priced the product and cached a search for it.
      const saved = await pharmacist.request('POST', '/api/v1/cart', {
        payload: { products: [{ id: target.id, quantity: 2 }] },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const oldPrice = lineOf(saved.json(), target.id).product.price;
      const searchOnSecond = async () => {
        const response = await pharmacist.request('POST', '/api/v1/products/search', {
          payload: { text: 'Precio Vivo' },
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json().data as { id: number; price: number }[];
      };
      const hits = async () =>
        (await pharmacist.request('POST', '/api/v1/search', { payload: { query: 'Precio Vivo' } })).json()
          .hits as { id: number }[];
      expect(await searchOnSecond()).toEqual([]);
      expect(await hits()).toEqual([]);

      const changed = await admin.request('PUT', `/api/v1/admin/products/${target.id}`, {
        payload: editOf(before, { name: 'Precio Vivo Jarabe', price: '66,60' }),
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(oldPrice).not.toBe(66.6);

      const next = await pharmacist.request('POST', '/api/v1/cart', {
        payload: { products: [{ id: target.id, quantity: 3 }] },
      });
      expect(next.statusCode, next.body).toBe(200);
      const line = lineOf(next.json(), target.id);
      expect(line.product.price).toBe(66.6);
      expect(next.json().price).toBe(199.8);
      expect(await searchOnSecond()).toMatchObject([{ id: target.id, price: 66.6 }]);
      expect((await hits()).map((hit) => hit.id)).toEqual([target.id]);
      await pharmacist.request('POST', '/api/v1/cart', { payload: { products: [] } });
    });
  });
}

adminCatalogueSuite(projectEngine());
twoInstancesSuite(projectEngine());
