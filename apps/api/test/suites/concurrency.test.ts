/**
 * Requests fired in parallel over HTTP: checkout idempotency, the monthly cap under concurrent
 * checkouts, and concurrent saves of one cart (two tabs, a pharmacist and a sub-user).
 */
import { type ApiClient, isApiError } from '@botica/api-client';
import type { Cart } from '@botica/api-client/schemas';
import { eurosToCents, madridMonth } from '@botica/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import { configurations } from '../../src/db/schema.ts';
import { DEMO_ACCOUNTS } from '../../src/demo-data/index.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { type DemoIds, startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { isUnavailable, loggedIn, postgresUrl } from '../helpers.ts';
import { projectEngine } from './engine.ts';

type Outcome<T> = { ok: true; value: T } | { ok: false; status: number | string };

async function settle<T>(promise: Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    if (isApiError(error)) return { ok: false, status: error.status };
    throw error;
  }
}

const content = (cart: Pick<Cart, 'items'>) =>
  cart.items.map((item) => `${item.product.id}x${item.quantity}`).join(',');

function concurrencySuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`parallel requests on ${engine}`, () => {
    let server: TestServer;
    let ids: DemoIds;
    let stock: { id: number; price_cents: number }[];

    beforeAll(async () => {
      server = await startTestServer(engine, { postgresUrl: postgresUrl(), products: 50 });
      ids = await server.demoIds();
      stock = await selectRows(
        server.database.db,
        sql`select id, price_cents from products where is_active and price_cents between 800 and 3000 order by id`,
      );
    });
    afterAll(() => server?.close());

    /** Lines worth about `euros` (at the laboratory's price). */
    const linesWorth = (euros: number, offset = 0) =>
      stock.slice(offset, offset + 3).map((product) => ({
        id: product.id,
        quantity: Math.max(1, Math.round((euros * 100) / 3 / product.price_cents)),
      }));

    // One login after another: more than 5 logins of one username in flight at once are refused like
    // a guessing burst (counted before the password check; README, _Login limits_).
    const sessions = async (username: string, count: number) => {
      const clients: ApiClient[] = [];
      for (let index = 0; index < count; index += 1) clients.push(await loggedIn(server, username));
      return clients;
    };

    it('checkout is idempotent: ten parallel checkouts of one cart make one order', async () => {
      const tabs = await sessions(DEMO_ACCOUNTS.demo, 3);
      const cart = await (tabs[0] as ApiClient).cart.save({ products: linesWorth(250) });
      const outcomes = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          settle((tabs[index % tabs.length] as ApiClient).cart.checkout(ids.demo.clientId, cart.id)),
        ),
      );
      const orderIds = new Set(
        outcomes.map((outcome) => (outcome.ok ? outcome.value.data.id : outcome.status)),
      );
      expect(orderIds.size).toBe(1);
      expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
      const [count] = await selectRows<{ n: number | string }>(
        server.database.db,
        sql`select count(*) as n from orders where cart_id = ${cart.id}`,
      );
      expect(Number(count?.n)).toBe(1);
    });

    it('parallel save-and-checkout flows never pass the monthly cap together', async () => {
      const month = madridMonth(new Date());
      const spentNow = async () => {
        const [row] = await selectRows<{ spent: number | string }>(
          server.database.db,
          sql`select coalesce(sum(price_cents), 0) as spent from orders
              where client_id = ${ids.norte.clientId} and status <> 'cancelled'
                and created_at >= ${month.start.toISOString()} and created_at < ${month.end.toISOString()}`,
        );
        return Number(row?.spent ?? 0);
      };
      const tabs = await sessions(DEMO_ACCOUNTS.norte, 6);
      const probe = await (tabs[0] as ApiClient).cart.save({ products: linesWorth(200) });
      const orderCents = eurosToCents(probe.price);
      const spent = await spentNow();
      // Room for one order of this size, not two.
      const capCents = spent + Math.round(orderCents * 1.6);
      await server.database.db
        .update(configurations)
        .set({ value: (capCents / 100).toFixed(2) })
        .where(eq(configurations.key, 'maximum_purchase_per_month'));
      try {
        const outcomes = await Promise.all(
          tabs.map(async (tab, index) => {
            const saved = await settle(tab.cart.save({ products: linesWorth(200, index % 2) }));
            if (!saved.ok) return saved;
            return settle(tab.cart.checkout(ids.norte.clientId, saved.value.id));
          }),
        );
        const statuses = outcomes.flatMap((outcome) => (outcome.ok ? [] : [outcome.status]));
        for (const status of statuses) expect([404, 406, 422]).toContain(status);
        expect(outcomes.some((outcome) => outcome.ok)).toBe(true);
        expect(await spentNow()).toBeLessThanOrEqual(capCents);
        expect(await spentNow()).toBeGreaterThan(spent);
      } finally {
        await server.database.db
          .update(configurations)
          .set({ value: '3000' })
          .where(eq(configurations.key, 'maximum_purchase_per_month'));
      }
    });

    it('a save prices with what the database holds now, not with what an earlier save saw', async () => {
      const [pharmacy] = await sessions(DEMO_ACCOUNTS.demo, 1);
      const api = pharmacy as ApiClient;
      const product = stock[4] as { id: number; price_cents: number };
      const first = await api.cart.save({ products: [{ id: product.id, quantity: 1 }] });
      await server.database.db.execute(
        sql`update products set price_cents = price_cents + 100 where id = ${product.id}`,
      );
      const capRow = await server.database.db
        .select()
        .from(configurations)
        .where(eq(configurations.key, 'maximum_purchase_per_month'));
      try {
        const repriced = await api.cart.save({ products: [{ id: product.id, quantity: 2 }] });
        expect(repriced.items[0]?.product.price).toBe((product.price_cents + 100) / 100);
        expect(repriced.version).toBe(first.version + 1);
        // The cap falls to nothing: the same lines, fine a moment ago, are now refused and not written.
        await server.database.db
          .update(configurations)
          .set({ value: '0.01' })
          .where(eq(configurations.key, 'maximum_purchase_per_month'));
        const refused = await settle(api.cart.save({ products: [{ id: product.id, quantity: 2 }] }));
        expect(refused).toEqual({ ok: false, status: 406 });
        expect(await api.cart.get()).toEqual(repriced);
      } finally {
        await server.database.db.execute(
          sql`update products set price_cents = ${product.price_cents} where id = ${product.id}`,
        );
        await server.database.db
          .update(configurations)
          .set({ value: capRow[0]?.value ?? '3000' })
          .where(eq(configurations.key, 'maximum_purchase_per_month'));
        await api.cart.save({ products: [] });
      }
    });

    it('parallel saves of one cart never fail with 5xx and end as the last acknowledged one', async () => {
      const tabs = await sessions(DEMO_ACCOUNTS.demo, 4);
      const [expensive] = await selectRows<{ id: number }>(
        server.database.db,
        sql`select id from products where is_active order by price_cents desc limit 1`,
      );
      const requests = Array.from({ length: 24 }, (_, index) => {
        if (index % 6 === 5) return { products: [{ id: expensive?.id ?? 0, quantity: 9999 }] }; // over the cap: 406
        if (index % 6 === 4) return { products: [{ id: 987_654, quantity: 1 }] }; // unknown product: 422
        const product = stock[index % stock.length];
        return { products: [{ id: product?.id ?? 0, quantity: index + 1 }] };
      });
      const outcomes = await Promise.all(
        requests.map((request, index) => settle((tabs[index % tabs.length] as ApiClient).cart.save(request))),
      );
      const acknowledged = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.value] : []));
      const failed = outcomes.flatMap((outcome, index) =>
        outcome.ok ? [] : [{ index, status: outcome.status }],
      );
      for (const failure of failed) expect([406, 422]).toContain(failure.status);
      expect(failed.map((failure) => failure.index).sort((a, b) => a - b)).toEqual([
        4, 5, 10, 11, 16, 17, 22, 23,
      ]);
      const versions = acknowledged.map((cart) => cart.version);
      expect(new Set(versions).size).toBe(versions.length);
      const last = acknowledged.reduce((a, b) => (b.version > a.version ? b : a));
      const final = await (tabs[0] as ApiClient).cart.get();
      expect(final?.version).toBe(last.version);
      expect(content(final as Cart)).toBe(content(last));
    });

    it('a save made from an older version is refused with 409 and writes nothing; of parallel saves from one version, one wins', async () => {
      const [tab, other, ...rest] = (await sessions(DEMO_ACCOUNTS.norte, 8)) as ApiClient[];
      await (tab as ApiClient).cart.save({ products: [] });
      const base = (await (tab as ApiClient).cart.get()) as Cart;
      const [a, b, c] = stock;
      // Two tabs start from the same version; the second to save is refused.
      const first = await (tab as ApiClient).cart.save({
        version: base.version,
        products: [{ id: a?.id ?? 0, quantity: 2 }],
      });
      expect(first.version).toBeGreaterThan(base.version);
      const stale = await settle(
        (other as ApiClient).cart.save({
          version: base.version,
          products: [{ id: b?.id ?? 0, quantity: 3 }],
        }),
      );
      expect(stale).toEqual({ ok: false, status: 409 });
      expect(content((await (other as ApiClient).cart.get()) as Cart)).toBe(`${a?.id}x2`);
      // Six tabs save from the same version at once: exactly one is acknowledged, the rest write nothing.
      const outcomes = await Promise.all(
        [other, ...rest].map((client, index) =>
          settle(
            (client as ApiClient).cart.save({
              version: first.version,
              products: [{ id: c?.id ?? 0, quantity: index + 1 }],
            }),
          ),
        ),
      );
      const won = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.value] : []));
      expect(won).toHaveLength(1);
      for (const outcome of outcomes) if (!outcome.ok) expect(outcome.status).toBe(409);
      const final = (await (tab as ApiClient).cart.get()) as Cart;
      expect(final.version).toBe(first.version + 1);
      expect(content(final)).toBe(content(won[0] as Cart));
      // Without a version the save is unconditional, as for a client that does not send it.
      const blind = await (tab as ApiClient).cart.save({ products: [{ id: a?.id ?? 0, quantity: 1 }] });
      expect(blind.version).toBe(final.version + 1);
    });

    it('version 0 means "no cart": it creates the first cart once, and a tab of a sent cart cannot revive it', async () => {
      const [tab, other] = (await sessions(DEMO_ACCOUNTS.norte, 2)) as ApiClient[];
      const [a, b] = stock;
      const open = await (tab as ApiClient).cart.get();
      if (open) {
        // Start from no open cart: send whatever is there (above the minimum) as an order.
        const filled = await (tab as ApiClient).cart.save({ products: linesWorth(200) });
        await (tab as ApiClient).cart.checkout(ids.norte.clientId, filled.id);
      }
      expect(await (tab as ApiClient).cart.get()).toBeNull();
      const outcomes = await Promise.all(
        [tab, other].map((client, index) =>
          settle(
            (client as ApiClient).cart.save({
              version: 0,
              products: [{ id: a?.id ?? 0, quantity: index + 1 }],
            }),
          ),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
      expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([{ ok: false, status: 409 }]);
      // The tab that saw the cart before it was sent cannot overwrite the next cart, whatever its version.
      const seen = await (tab as ApiClient).cart.save({ products: linesWorth(200) });
      await (tab as ApiClient).cart.checkout(ids.norte.clientId, seen.id);
      const next = await (other as ApiClient).cart.save({
        version: 0,
        products: [{ id: b?.id ?? 0, quantity: 1 }],
      });
      expect(next.version).toBeGreaterThan(seen.version);
      for (const version of [0, seen.version]) {
        expect(
          await settle(
            (tab as ApiClient).cart.save({ version, products: [{ id: a?.id ?? 0, quantity: 5 }] }),
          ),
        ).toEqual({ ok: false, status: 409 });
      }
      expect(content((await (tab as ApiClient).cart.get()) as Cart)).toBe(`${b?.id}x1`);
      await (tab as ApiClient).cart.save({ products: [] });
    });
  });
}

concurrencySuite(projectEngine());
