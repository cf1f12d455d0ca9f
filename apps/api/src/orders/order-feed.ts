/**
 * The orders for the laboratory's ERP (`/api/v1/integration/orders…`): the feed it polls for new
 * orders, and one order as it books it.
 *
 * The feed must hand out every order exactly once, although pharmacies check out at the same moment
 * and their transactions commit in any order. An id or a timestamp is fixed before the commit, so a
 * cursor on either skips: order 52 commits before order 51, a poll between the two commits answers 52,
 * and a cursor past 52 never sees 51. The feed orders by the transaction instead, and reads only where
 * nothing can still appear:
 *
 * - Each order keeps `feed_xid`, the `xid8` of the transaction that inserted it (`pg_current_xact_id()`
 *   as the column's default; from a subtransaction it is the top-level transaction's id). PostgreSQL
 *   assigns these ids in increasing order, 64-bit, never wrapping nor reused in a cluster's life.
 * - A poll is one statement that reads only orders with `feed_xid < pg_snapshot_xmin(pg_current_snapshot())`.
 *   PostgreSQL documents a snapshot's `xmin` as the lowest transaction id still active, every id below
 *   it being committed and visible or rolled back and dead; `pg_current_snapshot()` is the snapshot of
 *   the statement that calls it, so the rows it sees and the `xmin` it compares with are one instant.
 *   Every transaction below `xmin` has ended: its orders are all visible, or will never be. A
 *   transaction still running has an id of at least `xmin`, and one that has none yet gets one past
 *   every id given so far. So no order can ever appear below that bound later.
 * - The orders come in (`feed_xid`, `id`) order (index `orders_feed_idx`), and the cursor is the last
 *   pair answered: the next poll reads past it. Below the bound nothing changes any more, so a cursor
 *   replayed answers the same orders again, and an order is in exactly one page.
 *
 * What this costs: a transaction that has written something and stays open (a long import, a session
 * left inside BEGIN, a prepared transaction) holds the bound back, and orders committed after it wait
 * in the feed until it ends. The feed is delayed, never loses an order. Read-only transactions have no
 * id and delay nothing. On PGlite transactions run one after another, so the bound is always past every
 * committed order; the same statement serves both engines.
 *
 * The migration that added the column gave the orders already there its own transaction's id (the
 * default is evaluated for each existing row, in that one transaction): they come first, in id order,
 * which is safe because nothing can commit below a transaction that has already committed them.
 *
 * The ids belong to one cluster. A cursor past every id the cluster has given (`pg_snapshot_xmax`) was
 * not answered here and is refused (422) rather than skipping orders. After a logical restore into
 * another cluster (pg_dump), whose counter starts lower, run `update orders set feed_xid = '0'` so the
 * restored orders come before the new ones; the ERP's old cursor is then refused and it reads the feed
 * again from the start, booking by order id as always.
 */
import { BAD_FEED_CURSOR, type IntegrationOrder } from '@botica/api-client/integration';
import { centsToEuros, SURCHARGE_RATES, type SurchargeRate, type VatRate } from '@botica/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { CoreContext } from '../context.ts';
import { selectRows } from '../db/database.ts';
import { deliveryOnWire, orderDeliverySql, transferOnWire } from '../delivery/delivery-service.ts';
import { HttpError } from '../http/errors.ts';
import {
  type StoredDiscount,
  type StoredSurcharge,
  type StoredTax,
  storedAmountsInEuros,
} from './stored-amounts.ts';

/** Where the feed stands: the last order answered, by its transaction and id. */
export interface FeedPosition {
  /** The `xid8` of the order's transaction, in decimal. */
  xid: string;
  id: number;
}

/** Before every order: where a first sync starts. */
const BEGINNING: FeedPosition = { xid: '0', id: 0 };

const XID8_MAX = 2n ** 64n - 1n;
const ID_MAX = 2_147_483_647;

/** The cursor of a position: opaque to the ERP, URL-safe (base64url of `xid:id`). */
export function encodeCursor(position: FeedPosition): string {
  return Buffer.from(`${position.xid}:${position.id}`).toString('base64url');
}

/** The position of a cursor this feed answered, or null for anything else. */
export function decodeCursor(cursor: string): FeedPosition | null {
  const text = Buffer.from(cursor, 'base64url').toString('latin1');
  const match = /^(0|[1-9]\d{0,19}):(0|[1-9]\d{0,9})$/.exec(text);
  if (!match?.[1] || !match[2]) return null;
  const position = { xid: match[1], id: Number(match[2]) };
  // Base64url decoding forgives stray characters and padding: only the exact text of a cursor passes.
  if (BigInt(position.xid) > XID8_MAX || position.id > ID_MAX || encodeCursor(position) !== cursor)
    return null;
  return position;
}

function badCursor(): HttpError {
  return new HttpError(422, BAD_FEED_CURSOR, { after: [BAD_FEED_CURSOR] });
}

interface OrderRow {
  id: number;
  feed_xid: string;
  number: string;
  status: IntegrationOrder['status'];
  created_at: Date | string;
  notes: string | null;
  price_cents: number;
  discount_cents: number;
  total_cents: number;
  discounts: StoredDiscount[] | string | null;
  taxes: StoredTax[] | string | null;
  surcharges: StoredSurcharge[] | string | null;
  recargo_equivalencia: boolean;
  client_id: number;
  client_name: string;
  tax_id: string;
  erp_code: string | null;
  delivery: unknown;
  transfer: unknown;
}

interface LineRow {
  order_id: number;
  position: number;
  product_id: number;
  reference: string;
  national_code: string | null;
  ean: string | null;
  name: string;
  format: string;
  quantity: number;
  unit_price_cents: number;
  price_cents: number;
  net_cents: number;
  vat_rate: number;
}

/**
 * The orders with their pharmacy, where they go and the wholesaler of a transfer order, as sent. The
 * pharmacy's row is the accounts module's table, read here, never written.
 */
function ordersWhere(where: SQL, tail: SQL = sql``): SQL {
  return sql`select o.id, o.feed_xid::text as feed_xid, o.number, o.status, o.created_at, o.notes,
                    o.price_cents, o.discount_cents, o.total_cents, o.discounts, o.taxes, o.surcharges,
                    o.recargo_equivalencia, c.id as client_id, c.name as client_name, c.tax_id, c.erp_code,
                    ${orderDeliverySql} as delivery, o.transfer
             from orders o
             join clients c on c.id = o.client_id
             where ${where} ${tail}`;
}

function parsed<T>(value: T[] | string | null): T[] {
  if (value === null) return [];
  return typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
}

/** The orders as the ERP reads them, lines included (one read for every order's lines). */
async function orderBodies(context: CoreContext, rows: readonly OrderRow[]): Promise<IntegrationOrder[]> {
  if (rows.length === 0) return [];
  // The products' codes are the catalogue module's; the lines keep the reference and name as sent.
  const lines = await selectRows<LineRow>(
    context.db,
    sql`select l.order_id, l.position, l.product_id, l.reference, p.national_code, p.ean, l.name, l.format,
               l.quantity, l.unit_price_cents, l.price_cents, l.net_cents, l.vat_rate
        from order_lines l left join products p on p.id = l.product_id
        where l.order_id in (${sql.join(
          rows.map((row) => sql`${row.id}`),
          sql`, `,
        )})
        order by l.order_id, l.position`,
  );
  const linesOf = Map.groupBy(lines, (line) => line.order_id);
  return rows.map((row) => {
    const taxes = parsed(row.taxes);
    const surcharges = parsed(row.surcharges);
    const inEuros = storedAmountsInEuros({ discounts: parsed(row.discounts), taxes, surcharges });
    const recargoRate = (rate: VatRate): SurchargeRate | null =>
      row.recargo_equivalencia ? SURCHARGE_RATES[rate] : null;
    const vatCents = taxes.reduce((sum, tax) => sum + tax.amount_cents, 0);
    const recargoCents = surcharges.reduce((sum, line) => sum + line.amount_cents, 0);
    return {
      id: row.id,
      number: row.number,
      status: row.status,
      placed_at: new Date(row.created_at).toISOString(),
      pharmacy: {
        id: row.client_id,
        tax_id: row.tax_id,
        erp_code: row.erp_code?.trim() ? row.erp_code : null,
        name: row.client_name,
      },
      delivery: deliveryOnWire(row.delivery),
      transfer: transferOnWire(row.transfer),
      recargo_equivalencia: row.recargo_equivalencia,
      lines: (linesOf.get(row.id) ?? []).map((line) => ({
        position: line.position + 1,
        product_id: line.product_id,
        reference: line.reference,
        national_code: line.national_code,
        ean: line.ean,
        name: line.name,
        format: line.format,
        quantity: line.quantity,
        unit_price: centsToEuros(line.unit_price_cents),
        amount: centsToEuros(line.price_cents),
        discount: centsToEuros(line.price_cents - line.net_cents),
        base: centsToEuros(line.net_cents),
        vat_rate: line.vat_rate as VatRate,
        recargo_rate: recargoRate(line.vat_rate as VatRate),
      })),
      discounts: inEuros.discounts,
      totals: {
        gross: centsToEuros(row.price_cents),
        discount: centsToEuros(row.discount_cents),
        base: centsToEuros(row.price_cents - row.discount_cents),
        vat: centsToEuros(vatCents),
        recargo: centsToEuros(recargoCents),
        total: centsToEuros(row.total_cents),
        by_vat_rate: taxes.map((tax) => {
          const surcharge = surcharges.find((line) => line.vat_rate === tax.rate);
          return {
            vat_rate: tax.rate,
            base: centsToEuros(tax.base_cents),
            vat: centsToEuros(tax.amount_cents),
            recargo_rate: surcharge ? surcharge.rate : recargoRate(tax.rate),
            recargo: centsToEuros(surcharge?.amount_cents ?? 0),
          };
        }),
      },
      notes: row.notes,
    };
  });
}

/** A page of the feed: the orders after `after`, the cursor to send next and whether more are ready. */
export interface FeedPage {
  orders: IntegrationOrder[];
  nextCursor: string;
  hasMore: boolean;
}

/**
 * `GET /api/v1/integration/orders`: up to `limit` orders after the cursor `after` (none: from the
 * first), only below the oldest transaction still running (see the module's comment). 422 for a
 * cursor this cluster did not answer.
 */
export async function orderFeedPage(
  context: CoreContext,
  { after, limit }: { after: string | undefined; limit: number },
): Promise<FeedPage> {
  const from = after === undefined ? BEGINNING : decodeCursor(after);
  if (!from) throw badCursor();
  if (after !== undefined) {
    const [known] = await selectRows<{ known: boolean }>(
      context.db,
      sql`select ${from.xid}::xid8 < pg_snapshot_xmax(pg_current_snapshot()) as known`,
    );
    if (!known?.known) throw badCursor();
  }
  const rows = await selectRows<OrderRow>(
    context.db,
    ordersWhere(
      sql`o.feed_xid < pg_snapshot_xmin(pg_current_snapshot())
          and (o.feed_xid, o.id) > (${from.xid}::xid8, ${from.id}::integer)`,
      sql`order by o.feed_xid, o.id limit ${limit + 1}`,
    ),
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    orders: await orderBodies(context, page),
    nextCursor: encodeCursor(last ? { xid: last.feed_xid, id: last.id } : from),
    hasMore: rows.length > limit,
  };
}

/** `GET /api/v1/integration/orders/{id}`: one order as the ERP books it, or null. */
export async function integrationOrder(context: CoreContext, id: number): Promise<IntegrationOrder | null> {
  const rows = await selectRows<OrderRow>(context.db, ordersWhere(sql`o.id = ${id}`));
  const [order] = await orderBodies(context, rows);
  return order ?? null;
}
