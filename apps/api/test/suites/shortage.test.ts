/**
 * Shortages on a real server: a pharmacy user's back-in-stock alert (open, read, cancel, refusals)
 * and its one e-mail, written into the outbox by whichever path brings the product back (the back
 * office's editor, the ERP's stock and product batches, at once and retried, from two instances on
 * PostgreSQL, the CSV import), none while it stays sold out and none for a deactivated user; and the substitutes of a
 * sold-out product, the laboratory's chosen ones or the default ones. Run on PGlite and PostgreSQL.
 */
import { ADMIN_SUBSTITUTE_MESSAGES, type AdminProduct } from '@botica/api-client/admin';
import { SHORTAGE_MESSAGES } from '@botica/api-client/schemas';
import { productFormOf } from '@botica/domain';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/core-context.ts';
import { selectRows } from '../../src/db/database.ts';
import { lockPricingEpoch } from '../../src/db/pricing-epoch-lock.ts';
import { DEMO_ACCOUNTS } from '../../src/demo-data/index.ts';
import { importCsv } from '../../src/import/import-csv.ts';
import { testSettings } from '../../src/settings/settings.ts';
import { sendBackInStockAlerts } from '../../src/stock-alerts/stock-alerts-service.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { expectRefusal, integrationKey, isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

const MOSTRADOR = 'demo.mostrador';
const ALMACEN = 'demo.almacen';

async function loggedIn(server: TestServer, username: string): Promise<InjectSession> {
  const session = new InjectSession(server.app);
  expect((await session.login(username)).statusCode).toBe(200);
  return session;
}

function shortageSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`shortages on ${engine}`, () => {
    let server: TestServer;
    /** A second instance on the same database (PostgreSQL), else the same one. */
    let other: TestServer;
    let admin: InjectSession;
    let pharmacist: InjectSession;
    let mostrador: InjectSession;
    let almacen: InjectSession;
    let stockKey: string;
    let catalogueKey: string;

    beforeAll(async () => {
      server = await startTestServer(engine, { postgresUrl: postgresUrl(), listen: false, products: 60 });
      other =
        engine === 'postgres'
          ? await startTestServer('postgres', { sameDatabaseAs: server, listen: false })
          : server;
      admin = await loggedIn(server, DEMO_ACCOUNTS.admin);
      pharmacist = await loggedIn(server, DEMO_ACCOUNTS.demo);
      mostrador = await loggedIn(server, MOSTRADOR);
      almacen = await loggedIn(server, ALMACEN);
      stockKey = await integrationKey(server, ['stock'], { ratePerMinute: 10_000 });
      catalogueKey = await integrationKey(server, ['catalogue'], { ratePerMinute: 10_000 });
    });
    afterAll(async () => {
      if (other !== server) await other?.close();
      await server?.close();
    });

    const db = () => server.database.db;

    /** An active product, made sold out with an expected day; a new one each call. */
    let taken = 0;
    async function soldOutProduct(): Promise<{ id: number; reference: string }> {
      const rows = await selectRows<{ id: number; reference: string }>(
        db(),
        sql`select id, reference from products where is_active order by id offset ${taken} limit 1`,
      );
      taken += 1;
      const row = rows[0];
      if (!row) throw new Error('no product left');
      await db().execute(
        sql`update products set stock_units = 0, stock_expected_on = '2026-12-12', name = name || ' ' || id
              where id = ${row.id}`,
      );
      return row;
    }

    const alertUrl = (id: number) => `/api/v1/products/${id}/stock-alert`;

    /** The alert e-mails of a product in the outbox (its name is made unique by `soldOutProduct`). */
    async function alertMails(productId: number): Promise<{ recipient: string; subject: string }[]> {
      return selectRows(
        db(),
        sql`select o.recipient, o.subject from outbox o join products p
              on o.subject = 'Vuelve a estar disponible: ' || p.name
            where o.kind = 'stock_alert' and p.id = ${productId} order by o.id`,
      );
    }

    /** The text of the alert e-mails delivered for a product, once the outbox has nothing pending. */
    async function deliveredTexts(productId: number): Promise<string[]> {
      for (let waited = 0; waited < 10_000; waited += 20) {
        const [pending] = await selectRows<{ count: number | string }>(
          db(),
          sql`select count(*) as count from outbox where status = 'pending'`,
        );
        if (Number(pending?.count) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const subjects = new Set((await alertMails(productId)).map((mail) => mail.subject));
      return [...server.mail.delivered, ...(other === server ? [] : other.mail.delivered)]
        .filter((message) => message.kind === 'stock_alert' && subjects.has(message.subject))
        .map((message) => message.text);
    }

    async function emailOf(username: string): Promise<string> {
      const [row] = await selectRows<{ email: string }>(
        db(),
        sql`select coalesce(u.email, c.email) as email from users u join clients c on c.id = u.client_id
              where u.username = ${username}`,
      );
      if (!row) throw new Error(`no user ${username}`);
      return row.email;
    }

    async function adminProduct(id: number, on: InjectSession = admin): Promise<AdminProduct> {
      const response = await on.request('GET', `/api/v1/admin/products/${id}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as AdminProduct;
    }

    /** The back office's editor saving a product with `units` in stock. */
    async function editStock(id: number, units: number, session = admin): Promise<LightMyRequestResponse> {
      const {
        id: _id,
        categories: _categories,
        stock: _stock,
        image: _image,
        created_at: _created,
        ...fields
      } = await adminProduct(id, session);
      return session.request('PUT', `/api/v1/admin/products/${id}`, {
        payload: { ...fields, stock_units: units },
      });
    }

    const erpStock = (items: unknown[], on: TestServer = server) =>
      on.app.inject({
        method: 'PUT',
        url: '/api/v1/integration/stock',
        headers: { authorization: `Bearer ${stockKey}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ items }),
      });

    async function erpProducts(items: unknown[], idempotencyKey: string, on: TestServer = server) {
      return on.app.inject({
        method: 'PUT',
        url: '/api/v1/integration/products',
        headers: {
          authorization: `Bearer ${catalogueKey}`,
          'content-type': 'application/json',
          'idempotency-key': idempotencyKey,
        },
        payload: JSON.stringify({ items }),
      });
    }

    /** A product as the ERP's product batch sends it, with `units` in stock. */
    async function productItem(id: number, units: number) {
      const [row] = await selectRows<{
        reference: string;
        name: string;
        format: string;
        price_cents: number;
        vat_rate: number;
      }>(db(), sql`select reference, name, format, price_cents, vat_rate from products where id = ${id}`);
      if (!row) throw new Error('no product');
      return {
        reference: row.reference,
        name: row.name,
        format: row.format,
        list_price: row.price_cents / 100,
        vat_rate: row.vat_rate,
        stock_units: units,
      };
    }

    describe('the alert', () => {
      it('is read with the expected day, opened once, and cancelled', async () => {
        const { id } = await soldOutProduct();
        const read = await pharmacist.request('GET', alertUrl(id));
        expect(read.statusCode, read.body).toBe(200);
        expect(read.json().data).toEqual({
          product_id: id,
          stock: 'out_of_stock',
          expected_on: '2026-12-12',
          subscribed_at: null,
        });

        const opened = await pharmacist.request('PUT', alertUrl(id));
        expect(opened.statusCode, opened.body).toBe(200);
        const since = opened.json().data.subscribed_at as string;
        expect(new Date(since).getTime()).toBeGreaterThan(Date.now() - 60_000);
        // Asking again keeps the first.
        expect((await pharmacist.request('PUT', alertUrl(id))).json().data.subscribed_at).toBe(since);
        expect((await pharmacist.request('GET', alertUrl(id))).json().data.subscribed_at).toBe(since);
        // Another user of the same pharmacy has his own.
        expect((await mostrador.request('GET', alertUrl(id))).json().data.subscribed_at).toBeNull();

        const cancelled = await pharmacist.request('DELETE', alertUrl(id));
        expect(cancelled.statusCode).toBe(200);
        expect(cancelled.json().data.subscribed_at).toBeNull();
        expect((await pharmacist.request('GET', alertUrl(id))).json().data.subscribed_at).toBeNull();

        // A cancelled alert gets nothing when the product is back.
        expect((await editStock(id, 40)).statusCode).toBe(200);
        expect(await alertMails(id)).toEqual([]);
      });

      it('is refused without a session, to the staff, without CSRF, for an unknown product', async () => {
        const { id } = await soldOutProduct();
        const anonymous = new InjectSession(server.app);
        await anonymous.csrf();
        expectRefusal(await anonymous.request('GET', alertUrl(id)), 401);
        expectRefusal(await anonymous.request('PUT', alertUrl(id)), 401);
        expectRefusal(await admin.request('PUT', alertUrl(id)), 403);
        expectRefusal(await pharmacist.request('PUT', alertUrl(id), { csrf: false }), 419);
        expectRefusal(await pharmacist.request('GET', alertUrl(99_999_999)), 404);
        expectRefusal(await pharmacist.request('PUT', alertUrl(99_999_999)), 404);
        const withdrawn = await soldOutProduct();
        await db().execute(sql`update products set is_active = false where id = ${withdrawn.id}`);
        expectRefusal(await pharmacist.request('PUT', alertUrl(withdrawn.id)), 404);
        const [count] = await selectRows<{ count: number | string }>(
          db(),
          sql`select count(*) as count from stock_alerts where product_id in (${id}, ${withdrawn.id})`,
        );
        expect(Number(count?.count)).toBe(0);
      });

      it('is refused with a Spanish 422 on a product in stock, and shows no day there', async () => {
        const { id } = await soldOutProduct();
        await db().execute(sql`update products set stock_units = 30 where id = ${id}`);
        const refused = await pharmacist.request('PUT', alertUrl(id));
        expect(refused.statusCode).toBe(422);
        expect(refused.json()).toEqual({
          message: SHORTAGE_MESSAGES.notSoldOut,
          errors: { product: [SHORTAGE_MESSAGES.notSoldOut] },
        });
        expect((await pharmacist.request('GET', alertUrl(id))).json().data).toMatchObject({
          stock: 'in_stock',
          expected_on: null,
        });
      });
    });

    describe('the e-mail', () => {
      it('goes once per alert when the back office and then the ERP mark the product available', async () => {
        const { id, reference } = await soldOutProduct();
        for (const session of [pharmacist, mostrador]) {
          expect((await session.request('PUT', alertUrl(id))).statusCode).toBe(200);
        }
        // Staying sold out (a new expected day from the ERP, an edit at 0) sends nothing.
        expect((await erpStock([{ reference, units: 0, expected_on: '2026-12-20' }])).statusCode).toBe(200);
        expect((await editStock(id, 0)).statusCode).toBe(200);
        expect(await alertMails(id)).toEqual([]);

        expect((await editStock(id, 25)).statusCode).toBe(200);
        const item = await productItem(id, 40);
        expect((await erpStock([{ reference, units: 30 }])).statusCode).toBe(200);
        expect((await erpProducts([item], `shortage-${id}`)).statusCode).toBe(200);
        // The same batch retried with another key: applied again, still nothing new.
        expect((await erpProducts([{ ...item, stock_units: 41 }], `shortage-${id}-b`)).statusCode).toBe(200);

        const mails = await alertMails(id);
        expect(mails.map((mail) => mail.recipient).sort()).toEqual(
          [await emailOf(DEMO_ACCOUNTS.demo), await emailOf(MOSTRADOR)].sort(),
        );
        const [name] = await selectRows<{ name: string }>(
          db(),
          sql`select name from products where id = ${id}`,
        );
        expect(mails[0]?.subject).toBe(`Vuelve a estar disponible: ${name?.name}`);
        const texts = await deliveredTexts(id);
        expect(texts).toHaveLength(2);
        expect(texts[0]).toContain(`referencia ${reference}`);
        expect(texts[0]).toContain(`/products/${id}`);
        expect(texts[0]).toContain('único aviso');
        // The alert is closed: the page shows none open.
        expect((await pharmacist.request('GET', alertUrl(id))).json().data.subscribed_at).toBeNull();
      });

      it('goes once when ERP batches on two instances bring it back at the same time', async () => {
        const { id, reference } = await soldOutProduct();
        for (const session of [pharmacist, mostrador, almacen]) {
          expect((await session.request('PUT', alertUrl(id))).statusCode).toBe(200);
        }
        const item = await productItem(id, 12);
        const answers = await Promise.all([
          erpStock([{ reference, units: 15 }], other),
          erpProducts([item], `race-${id}`, server),
          erpStock([{ reference, units: 16 }], server),
          erpProducts([{ ...item, stock_units: 13 }], `race-${id}-b`, other),
        ]);
        for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
        expect(await alertMails(id)).toHaveLength(3);
      });

      it.runIf(engine === 'postgres')(
        "meets the back office's save while an ERP batch holds the catalogue, without a deadlock",
        async () => {
          const { id } = await soldOutProduct();
          const context = { db: other.database.db, settings: testSettings(), now: () => new Date() };
          // The ERP's batch as it runs: the pricing epoch first, then (a moment later) the product.
          // A save that locked the product before the epoch would then wait for the epoch while
          // the batch waits for the product: PostgreSQL aborts one of them (a 500, or a failed batch).
          const batch = inTransaction(context, async (tx) => {
            await lockPricingEpoch(tx.db);
            await tx.db.execute(sql`select pg_sleep(0.3)`);
            await tx.db.execute(sql`update products set stock_units = 31 where id = ${id}`);
          });
          await new Promise((resolve) => setTimeout(resolve, 100));
          const saved = await editStock(id, 20);
          await batch;
          // The save waited for the batch and finds the product moved on since it read it.
          expect([200, 409], saved.body).toContain(saved.statusCode);
        },
      );

      it('is claimed once by two transactions that see the product back at once', async () => {
        const { id } = await soldOutProduct();
        for (const session of [pharmacist, mostrador]) {
          expect((await session.request('PUT', alertUrl(id))).statusCode).toBe(200);
        }
        await db().execute(sql`update products set stock_units = 9 where id = ${id}`);
        const context = (on: TestServer) => ({
          db: on.database.db,
          settings: testSettings(),
          now: () => new Date(),
        });
        // The first holds its claim a moment before committing; the second claims meanwhile.
        const [first, second] = await Promise.all([
          inTransaction(context(server), async (tx) => {
            const written = await sendBackInStockAlerts(tx);
            await tx.db.execute(sql`select pg_sleep(0.3)`);
            return written;
          }),
          new Promise((resolve) => setTimeout(resolve, 100)).then(() =>
            inTransaction(context(other), (tx) => sendBackInStockAlerts(tx)),
          ),
        ]);
        expect(first + second).toBe(2);
        expect(await alertMails(id)).toHaveLength(2);
      });

      it('goes once when the CSV import brings the product back, and not on a dry run', async () => {
        const { id, reference } = await soldOutProduct();
        expect((await pharmacist.request('PUT', alertUrl(id))).statusCode).toBe(200);
        const [row] = await selectRows<{
          name: string;
          format: string;
          price_cents: number;
          vat_rate: number;
        }>(db(), sql`select name, format, price_cents, vat_rate from products where id = ${id}`);
        if (!row) throw new Error('no product');
        const price = `${Math.floor(row.price_cents / 100)},${String(row.price_cents % 100).padStart(2, '0')}`;
        const csv = [
          'referencia;nombre;descripcion;formato;precio;iva;stock;activo;destacado;categorias;etiquetas;tramos',
          `${reference};${row.name};;${row.format};${price};${row.vat_rate};7;;;;;`,
        ].join('\n');
        const context = { db: db(), settings: testSettings(), now: () => new Date() };
        const afterApply = async (tx: typeof context.db) => {
          await sendBackInStockAlerts({ ...context, db: tx });
        };
        const dry = await importCsv(db(), 'products', csv, { dryRun: true, afterApply });
        expect(dry.rejections).toEqual([]);
        expect(await alertMails(id)).toEqual([]);
        const report = await importCsv(db(), 'products', csv, { afterApply });
        expect(report.updated).toBe(1);
        expect(await alertMails(id)).toHaveLength(1);
        await importCsv(db(), 'products', csv.replace(';7;', ';8;'), { afterApply });
        expect(await alertMails(id)).toHaveLength(1);
      });

      it('needs a new alert after the product sells out again, and skips a deactivated user', async () => {
        const { id, reference } = await soldOutProduct();
        expect((await pharmacist.request('PUT', alertUrl(id))).statusCode).toBe(200);
        expect((await erpStock([{ reference, units: 10 }])).statusCode).toBe(200);
        expect(await alertMails(id)).toHaveLength(1);

        // Sold out again: the old alert is spent, nothing more without a new one.
        expect((await erpStock([{ reference, units: 0 }])).statusCode).toBe(200);
        expect((await erpStock([{ reference, units: 5 }])).statusCode).toBe(200);
        expect(await alertMails(id)).toHaveLength(1);

        expect((await erpStock([{ reference, units: 0 }])).statusCode).toBe(200);
        expect((await pharmacist.request('PUT', alertUrl(id))).statusCode).toBe(200);
        const deactivated = await loggedIn(server, 'demo.tarde');
        expect((await deactivated.request('PUT', alertUrl(id))).statusCode).toBe(200);
        await db().execute(sql`update users set is_active = false where username = 'demo.tarde'`);
        expect((await erpStock([{ reference, units: 8 }])).statusCode).toBe(200);
        const mails = await alertMails(id);
        expect(mails.map((mail) => mail.recipient)).toEqual([
          await emailOf(DEMO_ACCOUNTS.demo),
          await emailOf(DEMO_ACCOUNTS.demo),
        ]);
        await db().execute(sql`update users set is_active = true where username = 'demo.tarde'`);
      });
    });

    describe('substitutes', () => {
      const substitutesUrl = (id: number) => `/api/v1/products/${id}/substitutes`;
      const adminUrl = (id: number) => `/api/v1/admin/products/${id}/substitutes`;

      async function offered(id: number): Promise<number[]> {
        const response = await pharmacist.request('GET', substitutesUrl(id));
        expect(response.statusCode, response.body).toBe(200);
        return (response.json().data as { id: number }[]).map((product) => product.id);
      }

      it('by default: products of a shared health problem and the same form, in stock', async () => {
        const rows = await selectRows<{ id: number; format: string; name: string; category_id: number }>(
          db(),
          sql`select p.id, p.format, p.name, pc.category_id from products p
                join product_categories pc on pc.product_id = p.id
                join categories c on c.id = pc.category_id
              where p.is_active and p.stock_units > 0 and c.parent_id is not null
                and (c.parent_id = 2 or c.parent_id in (select id from categories where parent_id = 2))
              order by p.id`,
        );
        // A product with a partner of its form and health problem.
        const pair = rows.flatMap((a) =>
          rows
            .filter(
              (b) =>
                b.id !== a.id &&
                b.category_id === a.category_id &&
                productFormOf(b.format, b.name) === productFormOf(a.format, a.name) &&
                productFormOf(a.format, a.name) !== 'other',
            )
            .map((b) => [a, b] as const),
        )[0];
        if (!pair) throw new Error('the demo catalogue has no two products alike');
        const [product, partner] = pair;
        expect(await offered(product.id)).toEqual([]);
        await db().execute(sql`update products set stock_units = 0 where id = ${product.id}`);
        const ids = await offered(product.id);
        expect(ids).toContain(partner.id);
        expect(ids.length).toBeLessThanOrEqual(4);
        const offeredRows = await selectRows<{
          id: number;
          format: string;
          name: string;
          stock_units: number;
        }>(
          db(),
          sql`select id, format, name, stock_units from products where id in (${sql.join(
            ids.map((value) => sql`${value}`),
            sql`, `,
          )})`,
        );
        for (const row of offeredRows) {
          expect(row.stock_units).toBeGreaterThan(0);
          expect(productFormOf(row.format, row.name)).toBe(productFormOf(product.format, product.name));
        }
      });

      it("the laboratory's chosen ones first, in its order, skipping those sold out; audited", async () => {
        const { id } = await soldOutProduct();
        const [first, second, third] = await selectRows<{ id: number }>(
          db(),
          sql`select id from products where is_active and stock_units > 20 and id <> ${id} order by id desc limit 3`,
        );
        if (!first || !second || !third) throw new Error('not enough products');
        const set = await admin.request('PUT', adminUrl(id), {
          payload: { ids: [second.id, first.id, third.id] },
        });
        expect(set.statusCode, set.body).toBe(200);
        expect(set.json().data.map((item: { id: number }) => item.id)).toEqual([
          second.id,
          first.id,
          third.id,
        ]);
        expect((await admin.request('GET', adminUrl(id))).json().data).toHaveLength(3);
        await db().execute(sql`update products set stock_units = 0 where id = ${first.id}`);
        expect(await offered(id)).toEqual([second.id, third.id]);
        const [audit] = await selectRows<{ count: number | string }>(
          db(),
          sql`select count(*) as count from audit_log where action = 'product.substitutes' and object_id = ${String(id)}`,
        );
        expect(Number(audit?.count)).toBe(1);
        // An empty list goes back to the default ones.
        expect((await admin.request('PUT', adminUrl(id), { payload: { ids: [] } })).json().data).toEqual([]);
      });

      it('refuses the product itself, a repeated or unknown one (422), a sales rep (403), the portal (403)', async () => {
        const { id } = await soldOutProduct();
        const refused = async (ids: number[], message: string) => {
          const response = await admin.request('PUT', adminUrl(id), { payload: { ids } });
          expect(response.statusCode).toBe(422);
          expect(response.json()).toEqual({ message, errors: { ids: [message] } });
        };
        await refused([id], ADMIN_SUBSTITUTE_MESSAGES.itself);
        await refused([id + 1, id + 1], ADMIN_SUBSTITUTE_MESSAGES.repeated);
        await refused([99_999_999], ADMIN_SUBSTITUTE_MESSAGES.unknown);
        const tooMany = await admin.request('PUT', adminUrl(id), {
          payload: { ids: Array.from({ length: 9 }, (_, index) => index + 1) },
        });
        expect(tooMany.statusCode).toBe(422);
        expect(tooMany.json().errors.ids).toEqual([ADMIN_SUBSTITUTE_MESSAGES.tooMany]);
        const rep = await loggedIn(server, DEMO_ACCOUNTS.comercial);
        expect((await rep.request('GET', adminUrl(id))).statusCode).toBe(200);
        expectRefusal(await rep.request('PUT', adminUrl(id), { payload: { ids: [] } }), 403);
        expectRefusal(await pharmacist.request('GET', adminUrl(id)), 403);
        expectRefusal(await admin.request('GET', adminUrl(99_999_999)), 404);
        expectRefusal(await admin.request('GET', substitutesUrl(id)), 403);
      });
    });
  });
}

shortageSuite(projectEngine());
