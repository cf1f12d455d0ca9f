/**
 * A small simulated ERP, run as its own process by the end-to-end loop (`../erp-loop.postgres.test.ts`)
 * and usable by hand against any Botica to see the integration work. It does what the laboratory's ERP
 * does, and only through the integration area with its API key:
 * - receives the webhooks at `POST /webhooks`, checks each signature with the `standardwebhooks`
 *   package (a forged or stale one is 401) and keeps each message id once; an `order.placed` only
 *   rings the bell: the feed is the source of truth;
 * - polls the order feed from its saved cursor (every `POLL_MS`, and at once on a bell), books each
 *   order once, and answers it with a delivery note (a lot and an expiry date per line) and the
 *   invoice that bills it, computed from the order's own lines and totals;
 * - saves its cursor and bookings in `STATE_FILE` after each page, so a restart resumes where it was.
 * `GET /state` answers what it received and booked, for the tests.
 *
 * Environment: `BOTICA_URL`, `BOTICA_KEY` (scopes orders and documents), `WEBHOOK_SECRET` (`whsec_…`),
 * `PORT` (0: any; the first line on standard output is `{"port":N}`), `POLL_MS` (60000), `STATE_FILE`.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isApiError } from '@botica/api-client';
import {
  createIntegrationClient,
  type IntegrationInvoiceRequest,
  type IntegrationOrder,
  type IntegrationShipmentRequest,
} from '@botica/api-client/integration';
import { Webhook } from 'standardwebhooks';

interface Booking {
  order_id: number;
  order_number: string;
  shipment: string;
  invoice: string;
  total: number;
}

interface ReceivedEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

interface State {
  cursor: string | undefined;
  bookings: Booking[];
  /** Orders Botica refused a document of (a 4xx): set aside for a person, never retried in a loop. */
  refused: { order_id: number; status: number; message: string }[];
  events: ReceivedEvent[];
  /** Deliveries of a message id already received (a retry after a lost answer). */
  duplicates: number;
  /** Webhook requests refused for their signature. */
  forged: number;
  /** Polls that failed (Botica unreachable, a 5xx): the cursor stayed where it was. */
  failedPolls: number;
}

const env = (name: string, fallback?: string): string => {
  const value = process.env[name] ?? fallback;
  if (value === undefined || value === '') throw new Error(`${name} is required`);
  return value;
};

const stateFile = process.env.STATE_FILE;
const state: State = stateFile ? loadState(stateFile) : emptyState();
const erp = createIntegrationClient({
  baseUrl: env('BOTICA_URL'),
  apiKey: env('BOTICA_KEY'),
  timeout: 15_000,
});
const webhook = new Webhook(env('WEBHOOK_SECRET'));
const pollMs = Number(env('POLL_MS', '60000'));

function emptyState(): State {
  return {
    cursor: undefined,
    bookings: [],
    refused: [],
    events: [],
    duplicates: 0,
    forged: 0,
    failedPolls: 0,
  };
}

function loadState(file: string): State {
  try {
    return { ...emptyState(), ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<State>) };
  } catch {
    return emptyState();
  }
}

/** Written whole and renamed over: a crash leaves the previous state, never half of one. */
function saveState(): void {
  if (!stateFile) return;
  writeFileSync(`${stateFile}.tmp`, JSON.stringify(state));
  renameSync(`${stateFile}.tmp`, stateFile);
}

const cents = (euros: number) => Math.round(euros * 100);
const euros = (value: number) => value / 100;

/** The delivery note of an order: every line shipped whole, from one lot expiring in two years. */
function shipmentOf(order: IntegrationOrder): IntegrationShipmentRequest {
  const shippedAt = new Date();
  const expires = new Date(shippedAt.getTime() + 2 * 365 * 86_400_000).toISOString().slice(0, 10);
  return {
    number: `AL-${order.id}`,
    order_id: order.id,
    carrier: 'Transportes Ejemplo',
    tracking_number: `TE${String(order.id).padStart(9, '0')}`,
    tracking_url: `https://seguimiento.example/envio/TE${String(order.id).padStart(9, '0')}`,
    shipped_at: shippedAt.toISOString(),
    lines: order.lines.map((line) => ({
      reference: line.reference,
      quantity: line.quantity,
      lot: `L${shippedAt.getUTCFullYear() % 100}${String(line.product_id).padStart(5, '0')}`,
      expires_on: expires,
    })),
  };
}

/** The invoice of an order, from its own lines and totals (what an ERP's billing run computes). */
function invoiceOf(order: IntegrationOrder): IntegrationInvoiceRequest {
  const year = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Madrid', year: 'numeric' }).format(
    new Date(),
  );
  const rates = order.totals.by_vat_rate;
  // Its own series ('FE'), numbered by the order: a billing run of this ERP, apart from others'.
  return {
    kind: 'invoice',
    series: 'FE',
    number: `FE${year}-${String(order.id).padStart(6, '0')}`,
    order_id: order.id,
    issued_at: new Date().toISOString(),
    lines: order.lines.map((line) => ({
      reference: line.reference,
      quantity: line.quantity,
      unit_price: line.unit_price,
      discount: line.discount,
      base: line.base,
      vat_rate: line.vat_rate,
    })),
    discounts: order.discounts.map(({ group_name, discount_percent, amount }) => ({
      group_name,
      discount_percent,
      amount,
    })),
    taxes: rates.map((rate) => ({ rate: rate.vat_rate, base: rate.base, amount: rate.vat })),
    ...(order.recargo_equivalencia
      ? {
          surcharges: rates
            .filter((rate) => rate.recargo_rate !== null)
            .map((rate) => ({
              vat_rate: rate.vat_rate,
              rate: Number(rate.recargo_rate),
              base: rate.base,
              amount: rate.recargo,
            })),
        }
      : {}),
    total: euros(
      rates.reduce((sum, rate) => sum + cents(rate.base) + cents(rate.vat) + cents(rate.recargo), 0),
    ),
  };
}

/**
 * Books one order: its delivery note, then its invoice. Sending either again changes nothing, so an
 * order whose booking was cut short is simply booked again. A document Botica refuses (4xx) sets the
 * order aside; no answer, or a 5xx, fails the poll and the cursor stays for the next.
 */
async function book(order: IntegrationOrder): Promise<void> {
  if (state.bookings.some((booking) => booking.order_id === order.id)) return;
  if (order.status === 'cancelled') return;
  const shipment = shipmentOf(order);
  const invoice = invoiceOf(order);
  try {
    await erp.documents.shipment(shipment);
    await erp.documents.invoice(invoice);
  } catch (error) {
    if (isApiError(error) && typeof error.status === 'number' && error.status < 500) {
      state.refused.push({ order_id: order.id, status: error.status, message: error.message });
      return;
    }
    throw error;
  }
  state.bookings.push({
    order_id: order.id,
    order_number: order.number,
    shipment: shipment.number,
    invoice: invoice.number,
    total: invoice.total,
  });
}

let polling: Promise<void> | undefined;
let pollAgain = false;

/** Reads the feed to its end from the saved cursor; one poll at a time, a bell during one rings again. */
function poll(): Promise<void> {
  if (polling) {
    pollAgain = true;
    return polling;
  }
  polling = (async () => {
    try {
      for (;;) {
        const page = await erp.orderFeed.list({
          ...(state.cursor ? { after: state.cursor } : {}),
          limit: 100,
        });
        for (const order of page.data) await book(order);
        state.cursor = page.next_cursor;
        saveState();
        if (!page.has_more) break;
      }
    } catch (error) {
      state.failedPolls += 1;
      saveState();
      console.error(`poll failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      polling = undefined;
      if (pollAgain) {
        pollAgain = false;
        void poll();
      }
    }
  })();
  return polling;
}

function body(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      text += chunk;
    });
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

const server = createServer(async (request, response) => {
  if (request.method === 'GET' && request.url === '/state') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(state));
    return;
  }
  if (request.method === 'POST' && request.url === '/webhooks') {
    const text = await body(request);
    let event: { type: string; data: Record<string, unknown> };
    try {
      event = webhook.verify(text, request.headers as Record<string, string>) as typeof event;
    } catch {
      state.forged += 1;
      response.writeHead(401).end();
      return;
    }
    const id = String(request.headers['webhook-id']);
    if (state.events.some((known) => known.id === id)) state.duplicates += 1;
    else state.events.push({ id, type: event.type, data: event.data });
    saveState();
    response.writeHead(204).end();
    if (event.type === 'order.placed') void poll();
    return;
  }
  response.writeHead(404).end();
});

server.listen(Number(env('PORT', '0')), '127.0.0.1', () => {
  console.log(JSON.stringify({ port: (server.address() as AddressInfo).port }));
  void poll();
});
const timer = setInterval(() => void poll(), pollMs);
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(signal, () => {
    clearInterval(timer);
    server.close(() => process.exit(0));
  });
