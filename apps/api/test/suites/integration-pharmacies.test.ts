/**
 * The ERP's batches of sales reps, pharmacies, discount groups and special prices on a real database:
 * created, updated and unchanged items with per-item errors beside the applied ones (the back office's
 * words where it refuses the same), a special price seen at once in its pharmacy's cart and search
 * (and not in another group's), a sales rep given a pharmacy who then sees it in the back office, a
 * pharmacy's shops replaced by code, the same batch twice changing nothing the second time (the
 * pricing epoch included), one audit row per changing batch, and the batch-level 422s.
 */
import { ADMIN_PHARMACY_MESSAGES } from '@botica/api-client/admin';
import { INTEGRATION_PHARMACY_MESSAGES } from '@botica/api-client/integration';
import { PRICE_RULE_MESSAGES } from '@botica/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  clients,
  pricingEpoch,
  products,
  salesReps,
  shops,
  specialPrices,
  users,
} from '../../src/db/schema.ts';
import { DEMO_ACCOUNTS } from '../../src/demo-data/index.ts';
import { cifFor } from '../../src/demo-data/tax-ids.ts';
import { BATCH_BUSY } from '../../src/import/batch.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { type DemoIds, startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { integrationKey, isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

const KEY_NAME = 'ERP de pruebas';
const NEW_TAX_ID = cifFor('B', 7_100_001);

type Answer = {
  data: {
    items: { index: number; result: string; errors?: { field: string; code: string; message: string }[] }[];
    totals: { created: number; updated: number; unchanged: number; errors: number };
    removed?: number;
  };
};

function integrationPharmaciesSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`the ERP's pharmacies and prices on ${engine}`, () => {
    let server: TestServer;
    let ids: DemoIds;
    let secret: string;
    let norte: typeof clients.$inferSelect;
    let repEmail: string;

    beforeAll(async () => {
      server = await startTestServer(engine, { postgresUrl: postgresUrl(), listen: false, products: 50 });
      ids = await server.demoIds();
      secret = await integrationKey(server, ['pharmacies', 'catalogue'], { name: KEY_NAME });
      const db = server.database.db;
      [norte] = (await db.select().from(clients).where(eq(clients.id, ids.norte.clientId))) as [
        typeof clients.$inferSelect,
      ];
      const [rep] = await db
        .select({ email: salesReps.email })
        .from(salesReps)
        .innerJoin(users, eq(users.salesRepId, salesReps.id))
        .where(eq(users.username, DEMO_ACCOUNTS.comercial));
      repEmail = rep?.email ?? '';
      expect(repEmail).not.toBe('');
    });
    afterAll(() => server?.close());

    async function put(path: string, payload: unknown, expected = 200): Promise<Answer> {
      const response = await server.app.inject({
        method: 'PUT',
        url: `/api/v1/integration/${path}`,
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode, response.body).toBe(expected);
      return response.json();
    }

    const results = (answer: Answer) => answer.data.items.map((item) => item.result);
    const codes = (answer: Answer, index: number) =>
      answer.data.items[index]?.errors?.map((error) => [error.field, error.code, error.message]);

    async function batchAudits(): Promise<(typeof auditLog.$inferSelect)[]> {
      return server.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.objectType, 'integration_batch'), eq(auditLog.username, `API: ${KEY_NAME}`)))
        .orderBy(auditLog.id);
    }

    async function epoch(): Promise<number> {
      const [row] = await server.database.db.select().from(pricingEpoch);
      return row?.epoch ?? 0;
    }

    async function loggedIn(username: string): Promise<InjectSession> {
      const session = new InjectSession(server.app);
      const response = await session.login(username);
      expect(response.statusCode, response.body).toBe(200);
      return session;
    }

    /** Norte as the ERP sends it, with `changes`. */
    const norteItem = (changes: Record<string, unknown> = {}) => ({
      tax_id: norte.taxId,
      name: norte.name,
      erp_code: norte.erpCode,
      email: norte.email,
      phone: norte.phone,
      address: norte.address,
      postal_code: norte.postalCode,
      city: norte.city,
      province: norte.province,
      recargo_equivalencia: norte.recargoEquivalencia,
      ...changes,
    });

    const newPharmacy = (changes: Record<string, unknown> = {}) => ({
      tax_id: NEW_TAX_ID,
      name: 'Farmacia Nueva del ERP',
      email: 'nueva@farmacia-erp.example',
      phone: '+34 923 45 67 89',
      address: 'Plaza Mayor, 1',
      postal_code: '37001',
      city: 'Salamanca',
      province: 'Salamanca',
      recargo_equivalencia: true,
      shops: [
        {
          code: 'c1',
          name: 'Centro',
          address: 'Plaza Mayor, 1',
          postal_code: '37001',
          city: 'Salamanca',
          province: 'Salamanca',
          main: true,
        },
        {
          code: 'C2',
          name: 'Barrio',
          address: 'Calle Toro, 20',
          postal_code: '37002',
          city: 'Salamanca',
          province: 'Salamanca',
          phone: '923111222',
        },
      ],
      ...changes,
    });

    it('sales reps and discount groups: created, taken over by e-mail or name, unchanged when sent again', async () => {
      const audits = (await batchAudits()).length;
      const reps = {
        items: [
          { code: 'com-demo', name: 'Comercial Demo', email: repEmail.toUpperCase() },
          {
            code: 'REP-NUEVO',
            name: 'Lucía Nueva',
            email: 'lucia.nueva@botica.example',
            phone: '600 111 222',
          },
          { code: 'REP-MAL', name: 'Sin Correo', email: 'no-es-un-correo' },
        ],
      };
      const first = await put('sales-reps', reps);
      expect(results(first)).toEqual(['updated', 'created', 'error']);
      expect(codes(first, 2)).toEqual([
        ['email', 'invalid_email', 'No es una dirección de correo electrónico válida.'],
      ]);
      expect(first.data.totals).toEqual({ created: 1, updated: 1, unchanged: 0, error: 1 });
      expect(first.data.items[0]).toMatchObject({ index: 0, code: 'com-demo' });
      const [taken] = await server.database.db.select().from(salesReps).where(eq(salesReps.code, 'COM-DEMO'));
      expect(taken?.email).toBe(repEmail);

      const groups = {
        items: [
          { code: 'PRUEBA', name: 'Grupo Prueba ERP', description: 'Del ERP', discount_percent: 2.5 },
          { code: 'ORO', name: 'farmacias oro' },
          { code: 'MAL', name: 'Grupo Malo', discount_percent: 120 },
        ],
      };
      const groupAnswer = await put('discount-groups', groups);
      expect(results(groupAnswer)).toEqual(['created', 'updated', 'error']);
      expect(codes(groupAnswer, 2)?.[0]?.[1]).toBe('invalid_percent');

      // Sent again: nothing changes, nothing is audited.
      expect(results(await put('sales-reps', reps))).toEqual(['unchanged', 'unchanged', 'error']);
      expect(results(await put('discount-groups', groups))).toEqual(['unchanged', 'unchanged', 'error']);
      expect((await batchAudits()).length).toBe(audits + 2);
    });

    it("pharmacies: per-item errors beside applied items, the back office's words, the rep sees his new pharmacy", async () => {
      const comercial = await loggedIn(DEMO_ACCOUNTS.comercial);
      const seen = async () =>
        (await comercial.request('GET', `/api/v1/admin/pharmacies/${norte.id}`)).statusCode;
      expect(await seen()).toBe(403);

      const wrongDigit = `${NEW_TAX_ID.slice(0, -1)}${NEW_TAX_ID.endsWith('1') ? '2' : '1'}`;
      const batch = {
        items: [
          norteItem({ discount_group: 'prueba', sales_rep_code: 'COM-DEMO' }),
          newPharmacy(),
          newPharmacy({ tax_id: wrongDigit, erp_code: 'OTRA' }),
          newPharmacy({ tax_id: cifFor('B', 7_100_002), erp_code: 'X2', discount_group: 'NO-EXISTE' }),
          newPharmacy({ tax_id: cifFor('B', 7_100_003), erp_code: 'X3', sales_rep_code: 'NADIE' }),
        ],
      };
      const first = await put('pharmacies', batch);
      expect(results(first)).toEqual(['updated', 'created', 'error', 'error', 'error']);
      expect(codes(first, 2)?.[0]?.slice(0, 2)).toEqual(['tax_id', 'invalid_tax_id']);
      expect(codes(first, 3)).toEqual([
        ['discount_group', 'unknown_discount_group', ADMIN_PHARMACY_MESSAGES.discountGroupUnknown],
      ]);
      expect(codes(first, 4)).toEqual([
        ['sales_rep_code', 'unknown_sales_rep', ADMIN_PHARMACY_MESSAGES.salesRepUnknown],
      ]);
      expect(await seen()).toBe(200);

      const db = server.database.db;
      const [created] = await db.select().from(clients).where(eq(clients.taxId, NEW_TAX_ID));
      expect(created).toMatchObject({ erpCode: NEW_TAX_ID, phone: '923 456 789', isActive: true });
      expect(
        await db
          .select()
          .from(users)
          .where(eq(users.clientId, created?.id ?? 0)),
      ).toEqual([]);
      const stored = await db
        .select()
        .from(shops)
        .where(eq(shops.clientId, created?.id ?? 0))
        .orderBy(shops.code);
      expect(stored.map((shop) => [shop.code, shop.isMain, shop.phone])).toEqual([
        ['C1', true, '923 456 789'],
        ['C2', false, '923 111 222'],
      ]);

      // The same batch again: every applied item unchanged, the errors as they were.
      const again = await put('pharmacies', batch);
      expect(results(again)).toEqual(['unchanged', 'unchanged', 'error', 'error', 'error']);

      // Shops are replaced by code: the one left out goes.
      const fewer = await put('pharmacies', {
        items: [newPharmacy({ shops: [{ ...newPharmacy().shops[1], main: true }] })],
      });
      expect(results(fewer)).toEqual(['updated']);
      const left = await db
        .select()
        .from(shops)
        .where(eq(shops.clientId, created?.id ?? 0));
      expect(left.map((shop) => [shop.code, shop.isMain])).toEqual([['C2', true]]);

      // A tax id twice in a batch: neither is applied.
      const twice = await put('pharmacies', {
        items: [norteItem({ name: 'Uno' }), norteItem({ name: 'Dos' })],
      });
      expect(results(twice)).toEqual(['error', 'error']);
      expect(codes(twice, 0)?.[0]?.[2]).toBe(INTEGRATION_PHARMACY_MESSAGES.duplicateKey);
    });

    it("a special price is seen at once in its pharmacy's cart and search, not in another group's", async () => {
      const db = server.database.db;
      const candidates = await db
        .select()
        .from(products)
        .where(and(eq(products.isActive, true), sql`${products.priceCents} > 500`))
        .orderBy(products.id)
        .limit(3);
      const [product, other, third] = candidates;
      if (!product || !other || !third) throw new Error('the demo data has no products');
      const special = (product.priceCents - 137) / 100;
      const audits = (await batchAudits()).length;

      const batch = {
        items: [
          { discount_group: 'PRUEBA', reference: product.reference.toLowerCase(), price: special },
          { discount_group: 'PRUEBA', reference: other.reference, price: other.priceCents / 100 },
          { discount_group: 'PRUEBA', reference: 'NO-EXISTE-123', price: 1 },
          { discount_group: 'PRUEBA', reference: third.reference, price: 1.5 },
        ],
      };
      const first = await put('special-prices', batch);
      expect(results(first)).toEqual(['created', 'error', 'error', 'created']);
      expect(codes(first, 1)).toEqual([
        ['price', 'price_not_below', PRICE_RULE_MESSAGES.specialPriceNotBelow],
      ]);
      expect(codes(first, 2)?.[0]?.slice(0, 2)).toEqual(['reference', 'unknown_product']);

      const norteSession = await loggedIn(DEMO_ACCOUNTS.norte);
      const demoSession = await loggedIn(DEMO_ACCOUNTS.demo);
      const searched = async (session: InjectSession) => {
        const response = await session.request('POST', '/api/v1/products/search', {
          payload: { text: product.reference },
        });
        expect(response.statusCode, response.body).toBe(200);
        return (response.json().data as { id: number; final_price: number | null }[]).find(
          (row) => row.id === product.id,
        )?.final_price;
      };
      expect(await searched(norteSession)).toBe(special);
      expect(await searched(demoSession)).not.toBe(special);
      const cart = await norteSession.request('POST', '/api/v1/cart', {
        payload: { products: [{ id: product.id, quantity: 1 }] },
      });
      expect(cart.statusCode, cart.body).toBe(200);
      expect(cart.json().items[0].product.final_price).toBe(special);

      // Sent again: all unchanged, the epoch and the audit log as they were.
      const before = await epoch();
      const again = await put('special-prices', batch);
      expect(results(again)).toEqual(['unchanged', 'error', 'error', 'unchanged']);
      expect(await epoch()).toBe(before);
      expect((await batchAudits()).length).toBe(audits + 1);

      // `replace`: the group's prices not in the batch go.
      const replaced = await put('special-prices', {
        items: [{ discount_group: 'prueba', reference: product.reference, price: special }],
        replace: ['PRUEBA'],
      });
      expect(results(replaced)).toEqual(['unchanged']);
      expect(replaced.data.removed).toBe(1);
      const group = await db
        .select({ productId: specialPrices.productId })
        .from(specialPrices)
        .innerJoin(sql`discount_groups g`, sql`g.id = ${specialPrices.discountGroupId}`)
        .where(sql`g.code = 'PRUEBA'`);
      expect(group).toEqual([{ productId: product.id }]);
      expect((await batchAudits()).length).toBe(audits + 2);

      // An unknown group to replace: the whole batch is refused, nothing applied.
      const refused = await server.app.inject({
        method: 'PUT',
        url: '/api/v1/integration/special-prices',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ items: [], replace: ['PRUEBA', 'NINGUNO'] }),
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.replace).toEqual([
        INTEGRATION_PHARMACY_MESSAGES.replaceUnknownGroup('NINGUNO'),
      ]);
      expect(await searched(norteSession)).toBe(special);
    });

    it('a deactivated pharmacy or rep takes its users out at once; reactivated, they are back', async () => {
      const pharmacist = await loggedIn(DEMO_ACCOUNTS.norte);
      expect((await pharmacist.request('GET', '/api/v1/user')).statusCode).toBe(200);
      expect(results(await put('pharmacies', { items: [norteItem({ active: false })] }))).toEqual([
        'updated',
      ]);
      expect((await pharmacist.request('GET', '/api/v1/user')).statusCode).toBe(401);
      expect(results(await put('pharmacies', { items: [norteItem({ active: true })] }))).toEqual(['updated']);
      await loggedIn(DEMO_ACCOUNTS.norte);

      const comercial = await loggedIn(DEMO_ACCOUNTS.comercial);
      expect(
        results(
          await put('sales-reps', { items: [{ code: 'COM-DEMO', name: 'Comercial Demo', active: false }] }),
        ),
      ).toEqual(['updated']);
      expect((await comercial.request('GET', '/api/v1/admin/pharmacies')).statusCode).toBe(401);
      // An inactive rep is given no new pharmacy.
      const refused = await put('pharmacies', { items: [newPharmacy({ sales_rep_code: 'COM-DEMO' })] });
      expect(codes(refused, 0)?.[0]?.[1]).toBe('inactive_sales_rep');
      expect(
        results(
          await put('sales-reps', { items: [{ code: 'COM-DEMO', name: 'Comercial Demo', active: true }] }),
        ),
      ).toEqual(['updated']);
      await loggedIn(DEMO_ACCOUNTS.comercial);
    });

    // PGlite has one connection: a batch cannot run beside a transaction that holds the lock there.
    it.skipIf(engine === 'pglite')(
      'a batch sent while another of its kind is applied: 409, nothing changed',
      async () => {
        await server.database.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext('botica:integration:sales-reps'))`);
          const busy = await server.app.inject({
            method: 'PUT',
            url: '/api/v1/integration/sales-reps',
            headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
            payload: JSON.stringify({ items: [{ code: 'REP-OCUPADO', name: 'Ocupado' }] }),
          });
          expect(busy.statusCode, busy.body).toBe(409);
          expect(busy.json().message).toBe(BATCH_BUSY);
        });
        const [none] = await server.database.db
          .select()
          .from(salesReps)
          .where(eq(salesReps.code, 'REP-OCUPADO'));
        expect(none).toBeUndefined();
        expect(
          results(await put('sales-reps', { items: [{ code: 'REP-OCUPADO', name: 'Ocupado' }] })),
        ).toEqual(['created']);
      },
    );

    it('a batch resent with its Idempotency-Key is answered as the first time, and applied once', async () => {
      const send = () =>
        server.app.inject({
          method: 'PUT',
          url: '/api/v1/integration/sales-reps',
          headers: {
            authorization: `Bearer ${secret}`,
            'content-type': 'application/json',
            'idempotency-key': 'comerciales-reintento-1',
          },
          payload: JSON.stringify({ items: [{ code: 'REP-REINTENTO', name: 'Laura Reintento' }] }),
        });
      const audits = (await batchAudits()).length;
      const first = await send();
      const again = await send();
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data.items[0].result).toBe('created');
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect((await batchAudits()).length).toBe(audits + 1);
    });

    it('a batch of the wrong shape, or of more than 5,000 items, is refused whole', async () => {
      const response = await server.app.inject({
        method: 'PUT',
        url: '/api/v1/integration/sales-reps',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        payload: JSON.stringify({
          items: Array.from({ length: 5_001 }, (_, index) => ({ code: `R${index}`, name: 'R' })),
        }),
      });
      expect(response.statusCode).toBe(422);
      const typed = await put('pharmacies', { items: [newPharmacy({ recargo_equivalencia: 'sí' })] }, 422);
      expect(typed).toBeDefined();
      const [none] = await server.database.db.select().from(salesReps).where(eq(salesReps.code, 'R0'));
      expect(none).toBeUndefined();
    });
  });
}

integrationPharmaciesSuite(projectEngine());
