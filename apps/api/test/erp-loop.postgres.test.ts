/**
 * The whole loop with the laboratory's ERP, on PostgreSQL, the ERP a process of its own (the reference
 * ERP, `reference-erp/reference-erp.ts`) that talks to Botica only through the integration area:
 * a pharmacy sends an order → Botica signs an `order.placed` webhook → the ERP (down at first, so the
 * delivery is retried until it is up) verifies it, reads the order from the feed, and sends back its
 * delivery note and invoice → the pharmacist sees the shipment with its lots in PEDIDOS WEB and the
 * invoice (with its PDF) in MIS FACTURAS, and is e-mailed for both. The ERP restarted from its saved
 * cursor books what came meanwhile, and nothing twice. A batch the ERP gave up on after its timeout
 * and sent again with its Idempotency-Key is written once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ApiClient } from '@botica/api-client';
import { createIntegrationClient } from '@botica/api-client/integration';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/database.ts';
import { DEMO_ACCOUNTS } from '../src/demo-data/index.ts';
import { freePort } from '../src/testing/postgres-server.ts';
import { type DemoIds, startTestServer, type TestServer } from '../src/testing/test-server.ts';
import { failure, integrationKey, isUnavailable, loggedIn, postgresUrl } from './helpers.ts';
import { InjectSession } from './session.ts';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));
const ERP = join(apiRoot, 'test', 'reference-erp', 'reference-erp.ts');

interface ErpState {
  cursor?: string;
  bookings: { order_id: number; shipment: string; invoice: string; total: number }[];
  refused: { order_id: number; status: number; message: string }[];
  events: { id: string; type: string; data: { id?: number } }[];
  duplicates: number;
  forged: number;
  failedPolls: number;
}

const until = async <T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
  const started = Date.now();
  let value = await read();
  while (!done(value)) {
    if (Date.now() - started > 30_000)
      throw new Error(`waited in vain for ${what}: ${JSON.stringify(value).slice(0, 1500)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
};

describe.skipIf(isUnavailable('postgres'))('the loop with the reference ERP on PostgreSQL', () => {
  let server: TestServer;
  let ids: DemoIds;
  let pharmacist: ApiClient;
  let admin: InjectSession;
  let key: string;
  let secret: string;
  let erpPort: number;
  let folder: string;
  let erp: ChildProcess | undefined;

  beforeAll(async () => {
    server = await startTestServer('postgres', {
      postgresUrl: postgresUrl(),
      products: 60,
      webhookSender: { pollMs: 100, timeoutMs: 2_000, retryBaseMs: 300, retryMaxMs: 600, random: () => 0.5 },
    });
    ids = await server.demoIds();
    pharmacist = await loggedIn(server, DEMO_ACCOUNTS.demo);
    admin = new InjectSession(server.app);
    expect((await admin.login(DEMO_ACCOUNTS.admin)).statusCode).toBe(200);
    key = await integrationKey(server, ['orders', 'documents', 'catalogue'], { name: 'ERP de referencia' });
    erpPort = await freePort();
    const created = await admin.request('POST', '/api/v1/admin/webhooks', {
      payload: { url: `http://127.0.0.1:${erpPort}/webhooks`, description: 'ERP', events: ['order.placed'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    secret = created.json().data.secret;
    // The ERP is connected today: it starts from the feed's end, not from the demo's old orders.
    folder = mkdtempSync(join(tmpdir(), 'botica-erp-'));
    const machine = createIntegrationClient({ baseUrl: server.url, apiKey: key });
    let page = await machine.orderFeed.list({ limit: 500 });
    while (page.has_more) page = await machine.orderFeed.list({ after: page.next_cursor, limit: 500 });
    writeFileSync(join(folder, 'state.json'), JSON.stringify({ cursor: page.next_cursor }));
  });
  afterAll(async () => {
    await stopErp();
    await server?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  async function startErp(): Promise<void> {
    const child = spawn(process.execPath, ['--conditions=@botica/source', ERP], {
      cwd: apiRoot,
      env: {
        ...process.env,
        BOTICA_URL: server.url,
        BOTICA_KEY: key,
        WEBHOOK_SECRET: secret,
        PORT: String(erpPort),
        POLL_MS: '2000',
        STATE_FILE: join(folder, 'state.json'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    erp = child;
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout?.once('data', () => resolve());
      child.once('exit', (code) => reject(new Error(`the reference ERP exited (${code}): ${errors}`)));
    });
  }

  async function stopErp(): Promise<void> {
    const child = erp;
    erp = undefined;
    if (!child || child.exitCode !== null) return;
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  }

  const erpState = async (): Promise<ErpState> =>
    (await fetch(`http://127.0.0.1:${erpPort}/state`)).json() as Promise<ErpState>;

  /** An order of farmacia.demo above the minimum, sent. */
  async function placeOrder(): Promise<{ id: number; number: string }> {
    const rows = await selectRows<{ id: number; price_cents: number }>(
      server.database.db,
      sql`select distinct on (vat_rate) id, price_cents from products
          where is_active and stock_units > 50 and price_cents <= 3000 order by vat_rate, id`,
    );
    const cart = await pharmacist.cart.save({
      products: rows.map((row) => ({ id: row.id, quantity: Math.ceil(6000 / row.price_cents) })),
    });
    const { data } = await pharmacist.cart.checkout(ids.demo.clientId, cart.id);
    return { id: data.id, number: data.number };
  }

  it('an order reaches the ERP once it is up, and comes back shipped and invoiced to the pharmacist', async () => {
    const first = await placeOrder();
    // The ERP is down: the delivery is tried, refused, and kept for later.
    const failing = await until(
      'a failed delivery attempt',
      async () =>
        (
          await selectRows<{ attempts: number; status: string; message_id: string }>(
            server.database.db,
            sql`select attempts, status, message_id from webhook_deliveries
              where event_type = 'order.placed' and payload->'data'->>'id' = ${String(first.id)}`,
          )
        )[0],
      (row) => (row?.attempts ?? 0) >= 2,
    );
    expect(failing?.status).toBe('pending');

    await startErp();
    const booked = await until('the first order booked', erpState, (state) =>
      state.bookings.some((booking) => booking.order_id === first.id),
    );
    const delivered = await until(
      'the webhook delivered',
      async () =>
        (
          await selectRows<{ attempts: number; status: string; message_id: string }>(
            server.database.db,
            sql`select attempts, status, message_id from webhook_deliveries where message_id = ${failing?.message_id ?? ''}`,
          )
        )[0],
      (row) => row?.status === 'delivered',
    );
    expect(delivered?.attempts).toBeGreaterThanOrEqual(3);
    const state = await until('the event received', erpState, (current) =>
      current.events.some((event) => event.id === failing?.message_id),
    );
    expect(state.events.find((event) => event.id === failing?.message_id)?.type).toBe('order.placed');
    expect(state.forged).toBe(0);
    expect(booked.refused).toEqual([]);

    // PEDIDOS WEB: the order shipped, its lots and tracking; MIS FACTURAS: the invoice and its PDF.
    const order = await pharmacist.orders.get(ids.demo.clientId, first.id);
    expect(order.shipments.map((shipment) => shipment.delivery_note)).toEqual([`AL-${first.id}`]);
    expect(order.shipments[0]?.lines.every((line) => /^L\d{7}$/.test(String(line.lot)))).toBe(true);
    const booking = booked.bookings.find((each) => each.order_id === first.id);
    const invoices = await pharmacist.documents.invoices(ids.demo.clientId, {});
    const invoice = invoices.data.find((each) => each.number === booking?.invoice);
    expect(invoice?.order.id).toBe(first.id);
    expect(invoice?.total_price).toBe(booking?.total);
    const pdf = await pharmacist.documents.pdf(String(invoice?.pdf_url.split('/').pop()));
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await until(
      'the shipped and invoice e-mails',
      async () =>
        server.mail.delivered.filter(
          (mail) => mail.subject.includes(first.number) || mail.subject.includes(booking?.invoice ?? '-'),
        ),
      (mails) => mails.length >= 2,
    );
  });

  it('the ERP restarted from its saved cursor books what came while it was away, and nothing twice', async () => {
    const second = await placeOrder();
    await until('the second order booked', erpState, (state) =>
      state.bookings.some((booking) => booking.order_id === second.id),
    );
    await stopErp();
    const third = await placeOrder();
    await startErp();
    const state = await until('the third order booked', erpState, (current) =>
      current.bookings.some((booking) => booking.order_id === third.id),
    );
    const booked = state.bookings.map((booking) => booking.order_id);
    expect(new Set(booked).size).toBe(booked.length);
    expect(booked).toEqual(expect.arrayContaining([second.id, third.id]));
    expect(state.refused).toEqual([]);
    const shipments = await selectRows<{ count: number }>(
      server.database.db,
      sql`select count(*)::int as count from shipments where order_id in (${second.id}, ${third.id})`,
    );
    expect(shipments[0]?.count).toBe(2);
  });

  it('a batch given up after its timeout and sent again with its Idempotency-Key is written once', async () => {
    const items = Array.from({ length: 1_500 }, (_, index) => ({
      reference: `ERP-${String(index).padStart(5, '0')}`,
      name: `Producto del ERP ${index}`,
      format: '30 cápsulas',
      list_price: 9.95,
      vat_rate: 10,
    }));
    const hasty = createIntegrationClient({ baseUrl: server.url, apiKey: key, timeout: 5 });
    const timedOut = await failure(
      hasty.products.upsert({ items }, { idempotencyKey: 'lote-2026-11-28-01' }),
    );
    expect(timedOut.status).toBe('timeout');
    const patient = createIntegrationClient({ baseUrl: server.url, apiKey: key, timeout: 60_000 });
    const [retried, again] = await Promise.all([
      patient.products.upsert({ items }, { idempotencyKey: 'lote-2026-11-28-01' }),
      patient.products.upsert({ items }, { idempotencyKey: 'lote-2026-11-28-01' }),
    ]);
    expect(again).toEqual(retried);
    const [written] = await selectRows<{ count: number }>(
      server.database.db,
      sql`select count(*)::int as count from products where reference like 'ERP-%'`,
    );
    expect(written?.count).toBe(1_500);
    const [audited] = await selectRows<{ count: number }>(
      server.database.db,
      sql`select count(*)::int as count from audit_log where action = 'integration.products'`,
    );
    expect(audited?.count).toBe(1);
  });
});
