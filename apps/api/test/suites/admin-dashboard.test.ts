/**
 * The back office's dashboard on a real database: the laboratory's staff alone may read it (401, 403
 * without a figure); its figures equal a count by hand over every order on record (the windows of the
 * Madrid calendar written out for a fixed clock); a sales rep's figures count his pharmacies only and
 * lack the admins' blocks; the 90 days are all there, zeros included; a failed or stuck e-mail is counted
 * and listed, a fresh pending one is not.
 */
import { DashboardResponseSchema } from '@botica/api-client/admin';
import { ErrorBodySchema } from '@botica/api-client/schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthSpentCents } from '../../src/cart/cart-service.ts';
import type { CoreContext } from '../../src/context.ts';
import { clients, configurations, orders, outbox, salesReps, users } from '../../src/db/schema.ts';
import { DEMO_ACCOUNTS } from '../../src/demo-data/index.ts';
import { testSettings } from '../../src/settings/settings.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { type DemoIds, startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

/** The clock of the suite: Saturday 28 November 2026, 11:30 in Madrid (CET, UTC+1). */
const NOW = new Date('2026-11-28T10:30:00.000Z');

/** The windows, written out by hand for `NOW` (end excluded). */
const WINDOWS = {
  today: ['2026-11-27T23:00:00.000Z', NOW.toISOString()],
  yesterday: ['2026-11-26T23:00:00.000Z', '2026-11-27T10:30:00.000Z'],
  month: ['2026-10-31T23:00:00.000Z', NOW.toISOString()],
  // 1 October starts in summer time (UTC+2); 28 October 11:30 is already winter time (UTC+1).
  previousMonth: ['2026-09-30T22:00:00.000Z', '2026-10-28T10:30:00.000Z'],
  wholeMonth: ['2026-10-31T23:00:00.000Z', '2026-11-30T23:00:00.000Z'],
} as const;

/** The 90 days: 31 August to 28 November; 31 August starts at 22:00 UTC on the 30th (summer time). */
const FIRST_DAY = '2026-08-31';
const FIRST_DAY_START = new Date('2026-08-30T22:00:00.000Z');

const madridDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' });

interface OrderOnRecord {
  clientId: number;
  status: string;
  priceCents: number;
  createdAt: Date;
  salesRepId: number | null;
}

const within = (order: OrderOnRecord, [start, end]: readonly [string, string]) =>
  order.createdAt.getTime() >= Date.parse(start) && order.createdAt.getTime() < Date.parse(end);

/** Count and amount (euros) of the orders in a window, by hand. */
function tally(list: readonly OrderOnRecord[], window: readonly [string, string]) {
  const inside = list.filter((order) => within(order, window));
  const cents = inside
    .filter((order) => order.status !== 'cancelled')
    .reduce((sum, order) => sum + order.priceCents, 0);
  return { count: inside.length, amount: cents / 100 };
}

function dashboardSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`the back office's dashboard on ${engine}`, () => {
    let server: TestServer;
    let context: CoreContext;
    let ids: DemoIds;
    let admin: InjectSession;
    let rep: InjectSession;
    let repId: number;
    let capCents: number;
    let numbers = 0;

    async function loggedIn(username: string): Promise<InjectSession> {
      const session = new InjectSession(server.app);
      expect((await session.login(username)).statusCode).toBe(200);
      return session;
    }

    async function addOrder(clientId: number, createdAt: Date, priceCents: number, status = 'received') {
      numbers += 1;
      await server.database.db.insert(orders).values({
        number: `PW-TEST-DASH-${numbers}`,
        clientId,
        status: status as 'received',
        priceCents,
        discountCents: 0,
        taxCents: 0,
        totalCents: priceCents,
        discounts: [],
        taxes: [],
        createdAt,
      });
    }

    async function ordersOnRecord(): Promise<OrderOnRecord[]> {
      return server.database.db
        .select({
          clientId: orders.clientId,
          status: orders.status,
          priceCents: orders.priceCents,
          createdAt: orders.createdAt,
          salesRepId: clients.salesRepId,
        })
        .from(orders)
        .innerJoin(clients, eq(clients.id, orders.clientId));
    }

    async function read(session: InjectSession) {
      const response = await session.request('GET', '/api/v1/admin/dashboard');
      expect(response.statusCode, response.body).toBe(200);
      return DashboardResponseSchema.parse(response.json());
    }

    beforeAll(async () => {
      server = await startTestServer(engine, { postgresUrl: postgresUrl(), listen: false, products: 50 });
      server.setNow(NOW);
      context = { db: server.database.db, settings: testSettings(), now: () => NOW };
      ids = await server.demoIds();
      admin = await loggedIn(DEMO_ACCOUNTS.admin);
      rep = await loggedIn(DEMO_ACCOUNTS.comercial);
      const [repUser] = await server.database.db
        .select({ salesRepId: users.salesRepId })
        .from(users)
        .where(eq(users.id, ids.comercial.userId));
      repId = repUser?.salesRepId ?? 0;
      expect(repId).toBeGreaterThan(0);
      const [cap] = await server.database.db
        .select()
        .from(configurations)
        .where(eq(configurations.key, 'maximum_purchase_per_month'));
      capCents = Math.round(Number(cap?.value) * 100);

      // The edges of each window, for farmacia.demo (the rep's) and farmacia.norte (another rep's).
      const demo = ids.demo.clientId;
      const norte = ids.norte.clientId;
      await addOrder(demo, new Date('2026-11-27T23:00:00.000Z'), 1_001); // today's first instant
      await addOrder(demo, new Date('2026-11-28T10:29:59.000Z'), 2_002, 'cancelled'); // counted, no amount
      await addOrder(norte, new Date('2026-11-28T10:31:00.000Z'), 3_003); // after the clock: not yet
      await addOrder(demo, new Date('2026-11-27T10:29:00.000Z'), 4_004); // yesterday before the hour
      await addOrder(norte, new Date('2026-11-27T10:31:00.000Z'), 5_005); // yesterday after the hour
      await addOrder(demo, new Date('2026-10-28T10:29:00.000Z'), 6_006); // previous month, same day
      await addOrder(norte, new Date('2026-10-29T09:00:00.000Z'), 7_007); // previous month, later
      await addOrder(demo, FIRST_DAY_START, 8_008); // the first of the 90 days
      await addOrder(demo, new Date(FIRST_DAY_START.getTime() - 1), 9_009); // the day before
      // farmacia.norte reaches 80 % of the cap this month (with what the demo gave it already).
      const spent = await monthSpentCents(context, { clientId: norte, now: NOW });
      const needed = Math.ceil(capCents * 0.8) - spent;
      if (needed > 0) await addOrder(norte, new Date('2026-11-02T09:00:00.000Z'), needed);

      // E-mail: one given up, one pending for 20 minutes, one pending for 5 (not yet stuck).
      const later = new Date('2099-01-01T00:00:00.000Z');
      await server.database.db.insert(outbox).values([
        {
          kind: 'test_failed',
          recipient: 'caida@farmacia.example',
          subject: 'Mensaje que no salió',
          status: 'failed',
          attempts: 8,
          lastError: '550 mailbox unavailable',
          createdAt: new Date(NOW.getTime() - 3_600_000),
        },
        {
          kind: 'test_stuck',
          recipient: 'atascada@farmacia.example',
          subject: 'Mensaje atascado',
          status: 'pending',
          attempts: 3,
          lastError: 'connection refused',
          nextAttemptAt: later,
          createdAt: new Date(NOW.getTime() - 20 * 60_000),
        },
        {
          kind: 'test_fresh',
          recipient: 'reciente@farmacia.example',
          subject: 'Mensaje reciente',
          status: 'pending',
          nextAttemptAt: later,
          createdAt: new Date(NOW.getTime() - 5 * 60_000),
        },
      ]);
    });
    afterAll(() => server?.close());

    it('anonymous → 401 and a pharmacy’s user → 403, without a figure', async () => {
      const anonymous = new InjectSession(server.app);
      const pharmacy = await loggedIn(DEMO_ACCOUNTS.demo);
      for (const [session, status] of [
        [anonymous, 401],
        [pharmacy, 403],
      ] as const) {
        const response = await session.request('GET', '/api/v1/admin/dashboard');
        expect(response.statusCode).toBe(status);
        expect(ErrorBodySchema.safeParse(response.json()).success).toBe(true);
        expect(Object.keys(response.json())).toEqual(['message']);
      }
    });

    it('the admin’s figures equal a count by hand over every order on record', async () => {
      const answer = await read(admin);
      const list = await ordersOnRecord();
      expect(answer.scope).toBe('all');
      expect(answer.generated_at).toBe(NOW.toISOString());
      expect(answer.orders).toEqual({
        today: tally(list, WINDOWS.today),
        yesterday: tally(list, WINDOWS.yesterday),
        month: tally(list, WINDOWS.month),
        previous_month: tally(list, WINDOWS.previousMonth),
      });
      // The inserted edges landed where they should: today holds the first instant and the cancelled one.
      expect(answer.orders.today.count).toBeGreaterThanOrEqual(2);

      // Every rep of the month, and the pharmacies without one, add up to the month.
      const month = tally(list, WINDOWS.wholeMonth);
      expect(answer.sales_reps.reduce((sum, row) => sum + row.count, 0)).toBe(month.count);
      expect(answer.sales_reps.reduce((sum, row) => sum + Math.round(row.amount * 100), 0)).toBe(
        Math.round(month.amount * 100),
      );
      const reps = await server.database.db.select({ id: salesReps.id }).from(salesReps);
      expect(answer.sales_reps.filter((row) => row.id !== null)).toHaveLength(reps.length);
      const own = answer.sales_reps.find((row) => row.id === repId);
      expect(own).toMatchObject(
        tally(
          list.filter((order) => order.salesRepId === repId),
          WINDOWS.wholeMonth,
        ),
      );
      const amounts = answer.sales_reps.map((row) => row.amount);
      expect(amounts).toEqual([...amounts].sort((a, b) => b - a));

      expect(answer.pending_registrations).toBeTypeOf('number');
    });

    it('lists the pharmacies at 80 % of the cap or more, with the sum the cart’s cap check uses', async () => {
      const answer = await read(admin);
      const list = await ordersOnRecord();
      expect(answer.near_cap).toMatchObject({ cap: capCents / 100, threshold_percent: 80 });
      const spentBy = new Map<number, number>();
      for (const order of list)
        if (order.status !== 'cancelled' && within(order, WINDOWS.wholeMonth))
          spentBy.set(order.clientId, (spentBy.get(order.clientId) ?? 0) + order.priceCents);
      const expected = [...spentBy]
        .filter(([, cents]) => cents * 100 >= capCents * 80)
        .sort((a, b) => b[1] - a[1] || a[0] - b[0]);
      expect(answer.near_cap.clients.map((row) => row.id)).toEqual(expected.map(([id]) => id));
      const norte = answer.near_cap.clients.find((row) => row.id === ids.norte.clientId);
      expect(norte).toBeDefined();
      for (const row of answer.near_cap.clients) {
        const cents = await monthSpentCents(context, { clientId: row.id, now: NOW });
        expect(row.amount).toBe(cents / 100);
        expect(row.cap).toBe(capCents / 100);
        expect(row.percent).toBe(Math.floor((cents * 100) / capCents));
        expect(row.percent).toBeGreaterThanOrEqual(80);
      }
    });

    it('gives the last 90 Madrid days, every one present, zeros included', async () => {
      const answer = await read(admin);
      const list = await ordersOnRecord();
      const days = answer.orders_per_day;
      expect(days).toHaveLength(90);
      expect(days[0]?.date).toBe(FIRST_DAY);
      expect(days.at(-1)?.date).toBe('2026-11-28');
      const byDay = new Map<string, { count: number; cents: number }>();
      for (const order of list) {
        if (order.createdAt.getTime() < FIRST_DAY_START.getTime()) continue;
        const day = madridDate.format(order.createdAt);
        const entry = byDay.get(day) ?? { count: 0, cents: 0 };
        entry.count += 1;
        if (order.status !== 'cancelled') entry.cents += order.priceCents;
        byDay.set(day, entry);
      }
      const start = Date.parse(`${FIRST_DAY}T12:00:00Z`);
      const expected = Array.from({ length: 90 }, (_, index) => {
        const date = new Date(start + index * 86_400_000).toISOString().slice(0, 10);
        const entry = byDay.get(date);
        return { date, count: entry?.count ?? 0, amount: (entry?.cents ?? 0) / 100 };
      });
      // Today's orders after the clock are in the day's row: the chart counts whole days.
      expect(days).toEqual(expected);
      expect(days[0]?.count).toBeGreaterThanOrEqual(1);
    });

    it('counts and lists the e-mail given up and the e-mail stuck for more than 15 minutes', async () => {
      const answer = await read(admin);
      const rows = await server.database.db.select().from(outbox);
      const failed = rows.filter((row) => row.status === 'failed');
      const stuck = rows.filter(
        (row) => row.status === 'pending' && row.createdAt.getTime() < NOW.getTime() - 15 * 60_000,
      );
      expect(answer.outbox?.failed.count).toBe(failed.length);
      expect(answer.outbox?.stuck.count).toBe(stuck.length);
      expect(answer.outbox?.failed.latest).toContainEqual(
        expect.objectContaining({
          to: 'caida@farmacia.example',
          subject: 'Mensaje que no salió',
          attempts: 8,
          last_error: '550 mailbox unavailable',
        }),
      );
      expect(answer.outbox?.stuck.latest.map((mail) => mail.to)).toContain('atascada@farmacia.example');
      const listed = [...(answer.outbox?.failed.latest ?? []), ...(answer.outbox?.stuck.latest ?? [])];
      expect(listed.map((mail) => mail.to)).not.toContain('reciente@farmacia.example');
    });

    it('a sales rep’s figures count his pharmacies only, without the admins’ blocks', async () => {
      const answer = await read(rep);
      const list = (await ordersOnRecord()).filter((order) => order.salesRepId === repId);
      expect(answer.scope).toBe('sales_rep');
      expect(answer.pending_registrations).toBeNull();
      expect(answer.outbox).toBeNull();
      expect(answer.orders).toEqual({
        today: tally(list, WINDOWS.today),
        yesterday: tally(list, WINDOWS.yesterday),
        month: tally(list, WINDOWS.month),
        previous_month: tally(list, WINDOWS.previousMonth),
      });
      expect(answer.sales_reps.map((row) => row.id)).toEqual([repId]);
      const ownClients = new Set(
        (
          await server.database.db
            .select({ id: clients.id })
            .from(clients)
            .where(eq(clients.salesRepId, repId))
        ).map((row) => row.id),
      );
      expect(ownClients.has(ids.norte.clientId)).toBe(false);
      for (const row of answer.near_cap.clients) expect(ownClients.has(row.id)).toBe(true);
      expect(answer.orders_per_day.reduce((sum, day) => sum + day.count, 0)).toBe(
        list.filter((order) => order.createdAt.getTime() >= FIRST_DAY_START.getTime()).length,
      );
      const body = JSON.stringify(answer);
      expect(body).not.toContain('caida@farmacia.example');
    });
  });
}

dashboardSuite(projectEngine());
