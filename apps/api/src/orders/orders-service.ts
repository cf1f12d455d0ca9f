/**
 * The orders sent from the portal: the checkout that turns the open cart into an order (through the
 * cart's service, which locks, prices and closes the cart), the orders' list, one order for its detail,
 * and this month's purchases. The reorder is in `reorder-service.ts`.
 */
import type { Order } from '@botica/api-client/schemas';
import {
  type CartTotals,
  centsToEuros,
  madridMonth,
  minimumOrderMessage,
  minimumOrderShortfall,
  type VatRate,
} from '@botica/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import {
  assertWithinCap,
  lockCartForCheckout,
  markCartOrdered,
  monthSpentCents,
  type PricedLine,
  priceForCheckout,
} from '../cart/cart-service.ts';
import { type AppContext, type CoreContext, inTransaction } from '../context.ts';
import { selectRows } from '../db/database.ts';
import {
  deliveryOnWire,
  type OrderDestination,
  orderDeliverySql,
  orderDestination,
  transferOnWire,
} from '../delivery/delivery-service.ts';
import { HttpError } from '../http/errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { productImage } from '../pricing/pricing-service.ts';
import { wakeWebhookSenders } from '../webhooks/webhooks-service.ts';
import { enqueueOrderEvent } from './order-events.ts';
import { orderMails } from './order-mail.ts';
import {
  type StoredDiscount,
  type StoredSurcharge,
  type StoredTax,
  storedAmountsInEuros,
  storedAmountsOf,
} from './stored-amounts.ts';
import { orderLines, orders } from './tables.ts';

const NO_SUCH_CLIENT = 'Este acceso no está disponible para tu usuario.';
const ORDER_NOT_FOUND = 'El pedido no existe.';

interface OrderRow {
  id: number;
  number: string;
  clientId: number;
  status: Order['status'];
  notes: string | null;
  priceCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
  discounts: unknown;
  taxes: unknown;
  recargoEquivalencia: boolean;
  surcharges: unknown;
  createdAt: Date;
  transfer: unknown;
}

/**
 * Builds the wire's orders, with their lines, for order rows. The lines' photos are counted in the
 * catalogue's `products`, joined in the same read.
 */
async function orderBodies(context: CoreContext, rows: readonly OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const lines = await selectRows<{
    order_id: number;
    product_id: number;
    reference: string;
    name: string;
    format: string;
    quantity: number;
    unit_price_cents: number;
    price_cents: number;
    net_cents: number;
    vat_rate: number;
    image_count: number | null;
  }>(
    context.db,
    sql`select l.order_id, l.product_id, l.reference, l.name, l.format, l.quantity, l.unit_price_cents,
               l.price_cents, l.net_cents, l.vat_rate, p.image_count
        from order_lines l left join products p on p.id = l.product_id
        where l.order_id in (${sql.join(
          rows.map((row) => sql`${row.id}`),
          sql`, `,
        )})
        order by l.order_id, l.position`,
  );
  // The destination kept as sent; an order written without one reads the rule of its day.
  const destinations = await selectRows<{ id: number; delivery: unknown }>(
    context.db,
    sql`select o.id, ${orderDeliverySql} as delivery from orders o join clients c on c.id = o.client_id
        where o.id in (${sql.join(
          rows.map((row) => sql`${row.id}`),
          sql`, `,
        )})`,
  );
  const destinationOf = new Map(destinations.map((row) => [row.id, deliveryOnWire(row.delivery)]));
  const deliveryOf = (id: number) => {
    const delivery = destinationOf.get(id);
    if (!delivery) throw new Error(`the order ${id} has no pharmacy to deliver to`);
    return delivery;
  };
  const publicUrl = context.settings.publicUrl;
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    client_id: row.clientId,
    status: row.status,
    created_at: new Date(row.createdAt).toISOString(),
    notes: row.notes,
    lines: lines
      .filter((line) => line.order_id === row.id)
      .map((line) => ({
        product_id: line.product_id,
        reference: line.reference,
        name: line.name,
        format: line.format,
        quantity: line.quantity,
        unit_price: centsToEuros(line.unit_price_cents),
        price: centsToEuros(line.price_cents),
        price_include_discount: centsToEuros(line.net_cents),
        vat_rate: line.vat_rate as VatRate,
        image: productImage(publicUrl, line.product_id, line.image_count ?? 0),
      })),
    price: centsToEuros(row.priceCents),
    ...storedAmountsInEuros({
      discounts: (row.discounts ?? []) as StoredDiscount[],
      taxes: (row.taxes ?? []) as StoredTax[],
      surcharges: (row.surcharges ?? []) as StoredSurcharge[],
    }),
    price_discount_line: centsToEuros(row.discountCents),
    recargo_equivalencia: row.recargoEquivalencia,
    price_tax: centsToEuros(row.taxCents),
    total_price: centsToEuros(row.totalCents),
    delivery: deliveryOf(row.id),
    transfer: transferOnWire(row.transfer),
  }));
}

/** The pharmacy as its order's e-mails name it. */
interface OrderingClient {
  id: number;
  name: string;
  tax_id: string;
  email: string;
  address: string;
  postal_code: string;
  city: string;
  province: string;
  phone: string;
}

/**
 * `POST /api/v1/clients/{clientId}/cart/{cartId}/checkout`: turns the open cart into an order, or
 * answers the order it already became (`created: false`). A new order writes its e-mails (the
 * pharmacy's confirmation, the sales administration's notice) into the outbox in the same
 * transaction; `portalOrigin` is the origin of their links.
 */
export async function checkout(
  context: AppContext,
  {
    clientId,
    userId,
    cartId,
    notes,
    portalOrigin,
    shopId,
    wholesalerId,
  }: {
    clientId: number;
    userId: number;
    cartId: number;
    notes: string | undefined;
    portalOrigin: string;
    /** The shop it goes to (none: the main one). */
    shopId?: number | undefined;
    /** The wholesaler of a transfer order (none or null: direct). */
    wholesalerId?: number | null | undefined;
  },
): Promise<{ order: Order; created: boolean }> {
  const result = await inTransaction(context, async (tx) => {
    const { db } = tx;
    const now = context.now();
    // The client's row is the serialisation point of its checkouts; everything below is read after it.
    // It is the accounts module's table: locked and read here, never written.
    const [client] = await selectRows<OrderingClient>(
      db,
      sql`select id, name, tax_id, email, address, postal_code, city, province, phone
          from clients where id = ${clientId} for update`,
    );
    if (!client) throw new HttpError(403, NO_SUCH_CLIENT);
    const [existing] = await db.select().from(orders).where(eq(orders.cartId, cartId)).limit(1);
    if (existing) {
      if (existing.clientId !== clientId) throw new HttpError(404, ORDER_NOT_FOUND);
      return { row: existing as OrderRow, created: false };
    }
    // Locking the cart's row holds off saves until the order is made (a later save opens a new cart).
    const cart = await lockCartForCheckout(tx, { clientId, cartId });
    if (!cart) throw new HttpError(404, ORDER_NOT_FOUND);
    const { state, priced, totals } = await priceForCheckout(tx, { clientId, lines: cart.lines, now });
    if (priced.length === 0)
      throw new HttpError(422, 'Tu pedido está vacío.', { products: ['Tu pedido está vacío.'] });
    const minimum = minimumOrderShortfall(state.config, totals.priceCents);
    if (!minimum.ok) {
      const message = minimumOrderMessage(minimum.missingCents);
      throw new HttpError(422, message, { products: [message] });
    }
    assertWithinCap(state, totals.priceCents);
    const destination = await orderDestination(tx, { clientId, userId, shopId, wholesalerId }, client);
    const [inserted] = await db
      .insert(orders)
      .values({
        number: `PW-pending-${cart.id}`,
        clientId,
        userId,
        cartId: cart.id,
        notes: notes?.trim() ? notes.trim() : null,
        priceCents: totals.priceCents,
        discountCents: totals.discountCents,
        taxCents: totals.taxCents,
        totalCents: totals.totalCents,
        ...storedAmountsOf(totals),
        recargoEquivalencia: state.surcharge,
        createdAt: now,
        shopId: destination.shopId,
        delivery: destination.delivery,
        transfer: destination.transfer,
      })
      .returning();
    if (!inserted) throw new Error('the order could not be created');
    const year = madridMonth(now).key.slice(0, 4);
    const [order] = await db
      .update(orders)
      .set({ number: `PW-${year}-${String(inserted.id).padStart(6, '0')}` })
      .where(eq(orders.id, inserted.id))
      .returning();
    await db.insert(orderLines).values(
      priced.map((line, position) => {
        const lineTotals = totals.lines[position];
        return {
          orderId: inserted.id,
          productId: line.row.id,
          position,
          reference: line.row.reference,
          name: line.row.name,
          format: line.row.format,
          quantity: line.quantity,
          unitPriceCents: line.unitCents,
          priceCents: lineTotals?.priceCents ?? 0,
          netCents: lineTotals?.netCents ?? 0,
          vatRate: line.row.vat_rate,
        };
      }),
    );
    await markCartOrdered(tx, { cartId: cart.id, now });
    const row = (order ?? inserted) as OrderRow;
    await enqueueOrderMails(
      tx,
      { client, userId, row, priced, totals, surcharge: state.surcharge, destination },
      {
        context,
        portalOrigin,
        now,
      },
    );
    await enqueueOrderEvent(tx, 'order.placed', row.id);
    return { row, created: true };
  });
  if (result.created) wakeWebhookSenders();
  const [order] = await orderBodies(context, [result.row]);
  if (!order) throw new Error('the order could not be read back');
  return { order, created: result.created };
}

/** Writes a new order's e-mails into the outbox of the checkout's transaction. */
async function enqueueOrderMails(
  tx: CoreContext,
  made: {
    client: OrderingClient;
    userId: number;
    row: OrderRow;
    priced: readonly PricedLine[];
    totals: CartTotals;
    surcharge: boolean;
    destination: OrderDestination;
  },
  at: { context: AppContext; portalOrigin: string; now: Date },
): Promise<void> {
  const { client, row, priced, totals } = made;
  const { db } = tx;
  // The sender is read in the accounts module's `users`.
  const [sender] = await selectRows<{ name: string; username: string }>(
    db,
    sql`select name, username from users where id = ${made.userId}`,
  );
  const destination = made.destination.delivery;
  const mails = orderMails({
    order: { number: row.number, createdAt: at.now, notes: row.notes },
    lines: priced.map((line, position) => ({
      reference: line.row.reference,
      name: line.row.name,
      format: line.row.format,
      quantity: line.quantity,
      unitCents: line.unitCents,
      priceCents: totals.lines[position]?.priceCents ?? 0,
    })),
    totals,
    recargoEquivalencia: made.surcharge,
    pharmacy: { name: client.name, taxId: client.tax_id, email: client.email },
    shop: {
      name: destination.name,
      address: destination.address,
      postalCode: destination.postal_code,
      city: destination.city,
      province: destination.province,
      phone: destination.phone,
    },
    transfer: made.destination.transfer,
    sender: { name: sender?.name ?? '', username: sender?.username ?? '' },
    portalOrigin: at.portalOrigin,
    laboratory: at.context.settings.laboratory,
  });
  for (const mail of mails) await enqueueMail(tx, mail);
}

/** What the orders' list may be narrowed to: Madrid days `from` and `to` (included) and one status. */
export interface OrdersFilter {
  from?: string | undefined;
  to?: string | undefined;
  status?: Order['status'] | undefined;
}

/** `GET /api/v1/clients/{clientId}/orders`: newest first, with lines and totals, filtered. */
export async function listOrders(
  context: CoreContext,
  {
    clientId,
    page,
    perPage,
    filter = {},
  }: { clientId: number; page: number; perPage: number; filter?: OrdersFilter },
): Promise<{ orders: Order[]; total: number }> {
  const conditions: SQL[] = [sql`client_id = ${clientId}`];
  // A Madrid day, whatever the server's zone: the instant's date on Madrid's wall clock.
  const madridDay = sql`(created_at at time zone 'Europe/Madrid')::date`;
  if (filter.from) conditions.push(sql`${madridDay} >= ${filter.from}::date`);
  if (filter.to) conditions.push(sql`${madridDay} <= ${filter.to}::date`);
  if (filter.status) conditions.push(sql`status = ${filter.status}`);
  const where = sql.join(conditions, sql` and `);
  const [count] = await selectRows<{ total: number | string }>(
    context.db,
    sql`select count(*) as total from orders where ${where}`,
  );
  const rows = await context.db
    .select()
    .from(orders)
    .where(where)
    .orderBy(sql`${orders.createdAt} desc, ${orders.id} desc`)
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { orders: await orderBodies(context, rows as OrderRow[]), total: Number(count?.total ?? 0) };
}

/** The client's order `orderId` (for its detail), or null when the client has no such order. */
export async function clientOrder(
  context: CoreContext,
  { clientId, orderId }: { clientId: number; orderId: number },
): Promise<Order | null> {
  const rows = await context.db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  const row = rows[0];
  if (!row || row.clientId !== clientId) return null;
  const [order] = await orderBodies(context, rows as OrderRow[]);
  return order ?? null;
}

/**
 * `GET /api/v1/clients/{clientId}/monthly-purchases`: the `price` of this Madrid month's orders,
 * cancelled ones excluded, the sum the monthly cap is checked against on every save and order.
 */
export async function monthlyPurchases(
  context: CoreContext,
  clientId: number,
): Promise<{ month: string; spent: number }> {
  const now = context.now();
  const spent = await monthSpentCents(context, { clientId, now });
  return { month: madridMonth(now).key, spent: centsToEuros(spent) };
}
