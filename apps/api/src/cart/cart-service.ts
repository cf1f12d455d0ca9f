/**
 * The cart ('Mi pedido') and checkout. Every amount is recomputed here with @botica/domain from the
 * database's prices; the client's numbers are never read.
 *
 * Concurrency: every write of a client's cart and every checkout first locks the client's row
 * (`SELECT … FOR UPDATE`) inside its transaction, so they run one after another per client. Hence a
 * save answered 200 is exactly what the next reader sees until the next acknowledged save, a save
 * answered 406 changed nothing, two checkouts of one cart make one order (the second finds it), and
 * two checkouts can never together pass the monthly cap (each counts the orders committed before it).
 */
import type { Cart, Order } from '@botica/api-client/schemas';
import {
  type CartTotals,
  CONFIGURATION_KEYS,
  cartTotals,
  centsToEuros,
  formatEuros,
  madridMonth,
  minimumOrderMessage,
  minimumOrderShortfall,
  monthlyCapCheck,
  type OrderConfiguration,
  parseConfiguration,
  type VatRate,
} from '@botica/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  type ClientConditions,
  groupDiscounts,
  PRICED_COLUMNS,
  type PricedProductRow,
  pricedProducts,
  productImage,
  productSummary,
  unitCentsFor,
  type VolumeTier,
} from '../catalogue/pricing.ts';
import type { AppContext } from '../context.ts';
import { type Database, selectRows } from '../db/database.ts';
import { cartItems, carts, orderLines, orders } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';

/** A line to price: a product and its quantity. */
export interface LineRequest {
  id: number;
  quantity: number;
}

interface PricedLine {
  row: PricedProductRow;
  quantity: number;
  unitCents: number;
}

interface CartRow {
  id: number;
  clientId: number;
  status: 'open' | 'ordered';
  version: number;
  updatedAt: Date;
}

interface ClientState {
  conditions: ClientConditions;
  config: OrderConfiguration;
  /** The `price` of this Madrid month's orders, cancelled ones excluded. */
  spentCents: number;
  openCart: CartRow | undefined;
}

interface ClientStateRow {
  discount_group_id: number | null;
  group_name: string | null;
  percent: string | null;
  minimum: string | null;
  cap: string | null;
  spent: number | string;
  cart_id: number | null;
  cart_version: number | null;
  cart_updated_at: Date | string | null;
}

/**
 * Everything a save or a checkout needs to know of a client, in one query: its discount group, the
 * order rules, this month's orders and its open cart. With `lock`, the client's row is locked for the
 * rest of the transaction (the serialisation point of its cart writes and checkouts).
 */
async function clientState(db: Database, clientId: number, now: Date, lock: boolean): Promise<ClientState> {
  const month = madridMonth(now);
  const [row] = await selectRows<ClientStateRow>(
    db,
    sql`select c.discount_group_id, g.name as group_name, g.discount_percent::text as percent,
          (select value from configurations where key = ${CONFIGURATION_KEYS.orderMinimumAmount}) as minimum,
          (select value from configurations where key = ${CONFIGURATION_KEYS.maximumPurchasePerMonth}) as cap,
          (select coalesce(sum(o.price_cents), 0) from orders o
             where o.client_id = c.id and o.status <> 'cancelled'
               and o.created_at >= ${month.start.toISOString()} and o.created_at < ${month.end.toISOString()}) as spent,
          oc.id as cart_id, oc.version as cart_version, oc.updated_at as cart_updated_at
        from clients c
        left join discount_groups g on g.id = c.discount_group_id
        left join carts oc on oc.client_id = c.id and oc.status = 'open'
        where c.id = ${clientId}
        ${lock ? sql`for update of c` : sql``}`,
  );
  if (!row) throw new HttpError(403, 'Este acceso no está disponible para tu usuario.');
  return {
    conditions: {
      clientId,
      discountGroupId: row.discount_group_id,
      groupName: row.group_name,
      discountPercent: row.percent ? Number(row.percent) : 0,
    },
    config: parseConfiguration([
      { key: CONFIGURATION_KEYS.orderMinimumAmount, value: row.minimum },
      { key: CONFIGURATION_KEYS.maximumPurchasePerMonth, value: row.cap },
    ]),
    spentCents: Number(row.spent),
    openCart:
      row.cart_id === null
        ? undefined
        : {
            id: row.cart_id,
            clientId,
            status: 'open',
            version: row.cart_version ?? 0,
            updatedAt: new Date(row.cart_updated_at ?? now),
          },
  };
}

/** Prices lines for a client in one query (tiers included); unknown or withdrawn products are a 422 naming the line. */
async function priceLines(
  db: Database,
  conditions: ClientConditions,
  lines: readonly LineRequest[],
  options: { strict: boolean },
): Promise<PricedLine[]> {
  if (lines.length === 0) return [];
  const idList = sql.join(
    lines.map((line) => sql`${line.id}`),
    sql`, `,
  );
  const rows = await selectRows<
    PricedProductRow & { is_active: boolean; tiers: [number, string | number][] | string }
  >(
    db,
    sql`select ${PRICED_COLUMNS}, p.is_active,
          (select coalesce(json_agg(json_build_array(v.min_quantity, v.discount_percent) order by v.min_quantity), '[]'::json)
             from volume_rules v where v.product_id = p.id) as tiers
        from ${pricedProducts(conditions.discountGroupId)} where p.id in (${idList})`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const errors: Record<string, string[]> = {};
  lines.forEach((line, index) => {
    if (!byId.get(line.id)?.is_active) {
      errors[`products.${index}.id`] = ['El producto no existe o ya no está disponible.'];
    }
  });
  if (options.strict && Object.keys(errors).length > 0) {
    const first = Object.values(errors)[0]?.[0] as string;
    throw new HttpError(422, first, errors);
  }
  return lines.flatMap((line) => {
    const row = byId.get(line.id);
    if (!row) return [];
    const raw =
      typeof row.tiers === 'string' ? (JSON.parse(row.tiers) as [number, string | number][]) : row.tiers;
    const tiers: VolumeTier[] = raw.map(([minQuantity, percent]) => ({
      minQuantity,
      discountPercent: Number(percent),
    }));
    return [{ row, quantity: line.quantity, unitCents: unitCentsFor(row, tiers, line.quantity) }];
  });
}

function totalsOf(lines: readonly PricedLine[], conditions: ClientConditions): CartTotals {
  return cartTotals(
    lines.map((line) => ({
      product: {
        price: centsToEuros(line.row.price_cents),
        final_price: centsToEuros(line.unitCents),
        vat_rate: line.row.vat_rate as VatRate,
      },
      quantity: line.quantity,
    })),
    groupDiscounts(conditions),
  );
}

function cartBody(cart: CartRow, lines: readonly PricedLine[], totals: CartTotals, publicUrl: string): Cart {
  return {
    id: cart.id,
    client_id: cart.clientId,
    items: lines.map((line, index) => {
      const lineTotals = totals.lines[index];
      return {
        product: productSummary(line.row, publicUrl, line.unitCents),
        quantity: line.quantity,
        price: centsToEuros(lineTotals?.priceCents ?? 0),
        price_include_discount: centsToEuros(lineTotals?.netCents ?? 0),
      };
    }),
    price: centsToEuros(totals.priceCents),
    discounts: totals.discounts.map((discount) => ({
      group_name: discount.groupName,
      discount_percent: discount.discountPercent,
      amount: centsToEuros(discount.amountCents),
    })),
    price_discount_line: centsToEuros(totals.discountCents),
    taxes: totals.vat.map((line) => ({
      rate: line.rate,
      base: centsToEuros(line.baseCents),
      amount: centsToEuros(line.amountCents),
    })),
    price_tax: centsToEuros(totals.taxCents),
    total_price: centsToEuros(totals.totalCents),
    version: cart.version,
    updated_at: cart.updatedAt.toISOString(),
  };
}

async function cartLines(db: Database, cartId: number): Promise<LineRequest[]> {
  return db
    .select({ id: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.position));
}

function assertWithinCap(state: ClientState, cartCents: number): void {
  const check = monthlyCapCheck(state.config, state.spentCents, cartCents);
  if (!check.ok) {
    throw new HttpError(
      406,
      `Has superado el límite de compra mensual de ${formatEuros(check.capCents)}: este mes ya llevas ${formatEuros(state.spentCents)} en pedidos y el pedido suma ${formatEuros(cartCents)}.`,
    );
  }
}

/** `GET /api/v1/cart`: the client's open cart, or null (→ 204). */
export async function readCart(context: AppContext, clientId: number): Promise<Cart | null> {
  const state = await clientState(context.db, clientId, context.now(), false);
  if (!state.openCart) return null;
  const lines = await priceLines(
    context.db,
    state.conditions,
    await cartLines(context.db, state.openCart.id),
    {
      strict: false,
    },
  );
  return cartBody(state.openCart, lines, totalsOf(lines, state.conditions), context.settings.publicUrl);
}

/**
 * `POST /api/v1/cart`: replaces the lines of the client's open cart (creating it) and returns it.
 * Four statements in the transaction: the client's state (locked), the prices, and one write that
 * upserts the cart (its version + 1) and replaces its lines.
 */
export async function saveCart(
  context: AppContext,
  clientId: number,
  lines: readonly LineRequest[],
): Promise<Cart> {
  return context.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const now = context.now();
    const state = await clientState(db, clientId, now, true);
    const priced = await priceLines(db, state.conditions, lines, { strict: true });
    const totals = totalsOf(priced, state.conditions);
    if (priced.length > 0) assertWithinCap(state, totals.priceCents);
    const items = JSON.stringify(
      priced.map((line, position) => ({ product_id: line.row.id, quantity: line.quantity, position })),
    );
    const [cart] = await selectRows<{ id: number; version: number; updated_at: Date | string }>(
      db,
      sql`with cart as (
            insert into carts (client_id, created_at, updated_at, version)
            values (${clientId}, ${now.toISOString()}, ${now.toISOString()}, 1)
            on conflict (client_id) where status = 'open'
            do update set version = carts.version + 1, updated_at = excluded.updated_at
            returning id, version, updated_at
          ),
          lines as (
            select * from json_to_recordset(${items}::json) as x(product_id integer, quantity integer, position integer)
          ),
          removed as (
            delete from cart_items
            where cart_id = (select id from cart) and product_id not in (select product_id from lines)
          ),
          written as (
            insert into cart_items (cart_id, product_id, quantity, position)
            select (select id from cart), product_id, quantity, position from lines
            on conflict (cart_id, product_id) do update set quantity = excluded.quantity, position = excluded.position
          )
          select id, version, updated_at from cart`,
    );
    if (!cart) throw new Error('the cart could not be written');
    const row: CartRow = {
      id: cart.id,
      clientId,
      status: 'open',
      version: cart.version,
      updatedAt: new Date(cart.updated_at),
    };
    return cartBody(row, priced, totals, context.settings.publicUrl);
  });
}

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
  createdAt: Date;
}

interface StoredDiscount {
  group_name: string;
  discount_percent: number | string;
  amount_cents: number;
}
interface StoredTax {
  rate: number;
  base_cents: number;
  amount_cents: number;
}

/** Builds the wire's orders, with their lines, for order rows. */
export async function orderBodies(context: AppContext, rows: readonly OrderRow[]): Promise<Order[]> {
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
    discounts: ((row.discounts ?? []) as StoredDiscount[]).map((discount) => ({
      group_name: discount.group_name,
      discount_percent: Number(discount.discount_percent),
      amount: centsToEuros(discount.amount_cents),
    })),
    price_discount_line: centsToEuros(row.discountCents),
    taxes: ((row.taxes ?? []) as StoredTax[]).map((tax) => ({
      rate: tax.rate as VatRate,
      base: centsToEuros(tax.base_cents),
      amount: centsToEuros(tax.amount_cents),
    })),
    price_tax: centsToEuros(row.taxCents),
    total_price: centsToEuros(row.totalCents),
  }));
}

/**
 * `POST /api/v1/clients/{clientId}/cart/{cartId}/checkout`: turns the open cart into an order, or
 * answers the order it already became (`created: false`).
 */
export async function checkout(
  context: AppContext,
  clientId: number,
  userId: number,
  cartId: number,
  notes: string | undefined,
): Promise<{ order: Order; created: boolean }> {
  const result = await context.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const now = context.now();
    const state = await clientState(db, clientId, now, true);
    const [existing] = await db.select().from(orders).where(eq(orders.cartId, cartId)).limit(1);
    if (existing) {
      if (existing.clientId !== clientId) throw new HttpError(404, 'El pedido no existe.');
      return { row: existing as OrderRow, created: false };
    }
    const [cart] = await db
      .select()
      .from(carts)
      .where(and(eq(carts.id, cartId), eq(carts.clientId, clientId)))
      .limit(1);
    if (cart?.status !== 'open') throw new HttpError(404, 'El pedido no existe.');
    const priced = await priceLines(db, state.conditions, await cartLines(db, cart.id), { strict: true });
    if (priced.length === 0)
      throw new HttpError(422, 'Tu pedido está vacío.', { products: ['Tu pedido está vacío.'] });
    const totals = totalsOf(priced, state.conditions);
    const minimum = minimumOrderShortfall(state.config, totals.priceCents);
    if (!minimum.ok) {
      const message = minimumOrderMessage(minimum.missingCents);
      throw new HttpError(422, message, { products: [message] });
    }
    assertWithinCap(state, totals.priceCents);
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
        discounts: totals.discounts.map((discount) => ({
          group_name: discount.groupName,
          discount_percent: discount.discountPercent,
          amount_cents: discount.amountCents,
        })),
        taxes: totals.vat.map((line) => ({
          rate: line.rate,
          base_cents: line.baseCents,
          amount_cents: line.amountCents,
        })),
        createdAt: now,
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
    await db.update(carts).set({ status: 'ordered', updatedAt: now }).where(eq(carts.id, cart.id));
    return { row: (order ?? inserted) as OrderRow, created: true };
  });
  const [order] = await orderBodies(context, [result.row]);
  if (!order) throw new Error('the order could not be read back');
  return { order, created: result.created };
}

/** `GET /api/v1/clients/{clientId}/orders`: newest first, with lines and totals. */
export async function listOrders(
  context: AppContext,
  clientId: number,
  page: number,
  perPage: number,
): Promise<{ orders: Order[]; total: number }> {
  const [count] = await selectRows<{ total: number | string }>(
    context.db,
    sql`select count(*) as total from orders where client_id = ${clientId}`,
  );
  const rows = await context.db
    .select()
    .from(orders)
    .where(eq(orders.clientId, clientId))
    .orderBy(sql`${orders.createdAt} desc, ${orders.id} desc`)
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { orders: await orderBodies(context, rows as OrderRow[]), total: Number(count?.total ?? 0) };
}
