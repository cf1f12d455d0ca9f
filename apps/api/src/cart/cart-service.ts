/**
 * The cart ('Mi pedido') and checkout. Every amount is recomputed here with @botica/domain from the
 * database's prices; the client's numbers are never read.
 *
 * A cart is one row: its lines are the `items` document (`[{product_id, quantity}]`, in the order the
 * pharmacist added them), so a save is one atomic row write and concurrent saves end as the last one
 * written, each with its own `version`.
 *
 * A save reads the pricing inputs (the client's conditions, order rules and this month's orders, and
 * the products' prices, special prices and volume tiers), checks and prices the cart with
 * @botica/domain, and writes it with one statement that writes only if those inputs are unchanged (an
 * optimistic guard). The guard compares two numbers instead of recomputing every price: the pricing
 * epoch, which every change to the products' prices, special prices and tiers, the discount groups,
 * the clients' groups and the order rules moves on in its own transaction (triggers of migration
 * 0007), and the client's spending of the month. Otherwise the statement returns the fresh inputs and
 * the save prices again. So a save answered 200 is exactly what the next reader sees until the next
 * acknowledged save, and a save answered 406 or 422 wrote nothing. The inputs last seen are kept in
 * memory per client and product, so a save usually costs a single statement: a stale memory only
 * costs one more.
 *
 * A checkout locks the client's row (`SELECT … FOR UPDATE`) and then the cart's, and reads the inputs
 * after both locks, so two checkouts of one cart make one order (the second finds it) and two
 * checkouts can never together pass the monthly cap (each counts the orders committed before it).
 */
import type { Cart, Order } from '@botica/api-client/schemas';
import {
  type CartTotals,
  CONFIGURATION_KEYS,
  cartTotals,
  centsToEuros,
  madridMonth,
  minimumOrderMessage,
  minimumOrderShortfall,
  monthlyCapCheck,
  monthlyCapMessage,
  type OrderConfiguration,
  parseConfiguration,
  type SurchargeRate,
  type VatRate,
} from '@botica/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { type Database, preparedStatement, selectRows } from '../db/database.ts';
import { carts, orderLines, orders } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import {
  type ClientConditions,
  groupDiscounts,
  type PricedProductRow,
  productImage,
  productSummary,
  unitCentsFor,
} from '../pricing/pricing-service.ts';
import { orderMails } from './order-mail.ts';

/** A line to price: a product and its quantity. */
export interface LineRequest {
  id: number;
  quantity: number;
}

/** A line of the `items` document of a cart row. */
interface StoredLine {
  product_id: number;
  quantity: number;
}

/** The client's part of the pricing inputs, as the database builds it (`clientStateJson`). */
interface ClientStateJson {
  /** The pricing epoch these inputs (the products' too) were read under (migration 0007). */
  epoch: number;
  discount_group_id: number | null;
  group_name: string | null;
  percent: string | null;
  /** In the VAT regime of recargo de equivalencia. */
  surcharge: boolean;
  minimum: string | null;
  cap: string | null;
  spent: number;
}

/** A product's part of the pricing inputs, as the database builds it (`productsJson`). */
type ProductJson = PricedProductRow & { is_active: boolean; tiers: [number, string][] };

/** Everything a cart's amounts and checks depend on. */
interface PricingInputs {
  state: ClientStateJson;
  /** The products found, by id ascending (unknown ids are absent). */
  products: ProductJson[];
}

interface PricedLine {
  row: PricedProductRow;
  quantity: number;
  unitCents: number;
}

interface CartRow {
  id: number;
  clientId: number;
  version: number;
  updatedAt: Date;
}

interface ClientState {
  conditions: ClientConditions;
  /** In the VAT regime of recargo de equivalencia. */
  surcharge: boolean;
  config: OrderConfiguration;
  /** The `price` of this Madrid month's orders, cancelled ones excluded. */
  spentCents: number;
}

const NO_SUCH_CLIENT = 'Este acceso no está disponible para tu usuario.';
const UNKNOWN_PRODUCT = 'El producto no existe o ya no está disponible.';

/**
 * The client's pricing inputs as one jsonb value (null for an unknown client): the pricing epoch they
 * were read under, its discount group, its VAT regime (recargo de equivalencia or not; a change of it
 * moves the epoch on, as any change to `clients` does), the order rules and the `price` of this Madrid
 * month's orders.
 * Parameters by name: `clientId`, `monthStart`, `monthEnd`.
 */
const clientStateJson = sql`(select jsonb_build_object(
      'epoch', (select epoch from pricing_epoch),
      'discount_group_id', c.discount_group_id, 'group_name', g.name, 'percent', g.discount_percent::text,
      'surcharge', c.recargo_equivalencia,
      'minimum', (select value from configurations where key = ${CONFIGURATION_KEYS.orderMinimumAmount}),
      'cap', (select value from configurations where key = ${CONFIGURATION_KEYS.maximumPurchasePerMonth}),
      'spent', ${monthSpent(sql`c.id`)})
    from clients c left join discount_groups g on g.id = c.discount_group_id
    where c.id = ${sql.placeholder('clientId')})`;

/** The `price` of the client's orders of the month between the `monthStart` and `monthEnd` parameters. */
function monthSpent(clientId: SQL): SQL {
  return sql`(select coalesce(sum(o.price_cents), 0) from orders o
      where o.client_id = ${clientId} and o.status <> 'cancelled'
        and o.created_at >= ${sql.placeholder('monthStart')} and o.created_at < ${sql.placeholder('monthEnd')})`;
}

/**
 * The pricing inputs of the products whose ids `idsPredicate` accepts, as one jsonb array by id: the
 * price, the special price of the `clientId` parameter's group, the volume tiers, and whether the
 * product is still sold.
 */
function productsJson(idsPredicate: SQL): SQL {
  return sql`(select coalesce(jsonb_agg(jsonb_build_object(
        'id', p.id, 'reference', p.reference, 'name', p.name, 'format', p.format,
        'price_cents', p.price_cents, 'vat_rate', p.vat_rate, 'stock_units', p.stock_units,
        'image_count', p.image_count, 'image_hue', p.image_hue, 'special_cents', sp.price_cents,
        'is_active', p.is_active,
        'tiers', (select coalesce(jsonb_agg(jsonb_build_array(v.min_quantity, v.discount_percent::text)
                                            order by v.min_quantity), '[]'::jsonb)
                    from volume_rules v where v.product_id = p.id))
        order by p.id), '[]'::jsonb)
    from products p
    left join special_prices sp on sp.product_id = p.id
      and sp.discount_group_id = (select discount_group_id from clients where id = ${sql.placeholder('clientId')})
    where ${idsPredicate})`;
}

/**
 * The products of the `ids` parameter, a jsonb list whose length the planner does not guess, so the
 * prepared statements settle on one generic plan instead of planning every call.
 */
const idsIn = sql`p.id in (select value::int from jsonb_array_elements_text(${sql.placeholder('ids')}::jsonb))`;

/** The named parameters of the month of `now` (Europe/Madrid). */
function monthParameters(now: Date): { monthStart: string; monthEnd: string } {
  const month = madridMonth(now);
  return { monthStart: month.start.toISOString(), monthEnd: month.end.toISOString() };
}

function parseJson<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/** The pricing inputs of a row that selected `state` and `products`; no state is an unknown client (403). */
function inputsOf(
  row: { state: ClientStateJson | string | null; products: ProductJson[] | string | null } | undefined,
): PricingInputs {
  const state = row?.state ? parseJson(row.state) : null;
  if (!state) throw new HttpError(403, NO_SUCH_CLIENT);
  return { state, products: parseJson(row?.products ?? []) };
}

function clientStateOf(clientId: number, state: ClientStateJson): ClientState {
  return {
    conditions: {
      clientId,
      discountGroupId: state.discount_group_id,
      groupName: state.group_name,
      discountPercent: state.percent ? Number(state.percent) : 0,
    },
    surcharge: state.surcharge === true,
    config: parseConfiguration([
      { key: CONFIGURATION_KEYS.orderMinimumAmount, value: state.minimum },
      { key: CONFIGURATION_KEYS.maximumPurchasePerMonth, value: state.cap },
    ]),
    spentCents: Number(state.spent),
  };
}

/** Prices lines from the inputs (tiers included); unknown or withdrawn products are a 422 naming the line. */
function priceLines(
  inputs: readonly ProductJson[],
  lines: readonly LineRequest[],
  options: { strict: boolean },
): PricedLine[] {
  const byId = new Map(inputs.map((product) => [product.id, product]));
  if (options.strict) {
    const errors: Record<string, string[]> = {};
    lines.forEach((line, index) => {
      if (!byId.get(line.id)?.is_active) errors[`products.${index}.id`] = [UNKNOWN_PRODUCT];
    });
    if (Object.keys(errors).length > 0) throw new HttpError(422, UNKNOWN_PRODUCT, errors);
  }
  return lines.flatMap((line) => {
    const row = byId.get(line.id);
    if (!row) return [];
    const tiers = row.tiers.map(([minQuantity, percent]) => ({
      minQuantity,
      discountPercent: Number(percent),
    }));
    return [{ row, quantity: line.quantity, unitCents: unitCentsFor(row, tiers, line.quantity) }];
  });
}

function totalsOf(lines: readonly PricedLine[], state: ClientState): CartTotals {
  return cartTotals(
    lines.map((line) => ({
      product: {
        price: centsToEuros(line.row.price_cents),
        final_price: centsToEuros(line.unitCents),
        vat_rate: line.row.vat_rate as VatRate,
      },
      quantity: line.quantity,
    })),
    groupDiscounts(state.conditions),
    { equivalenceSurcharge: state.surcharge },
  );
}

/** The wire's VAT lines. */
function taxLines(totals: CartTotals): Cart['taxes'] {
  return totals.vat.map((line) => ({
    rate: line.rate,
    base: centsToEuros(line.baseCents),
    amount: centsToEuros(line.amountCents),
  }));
}

/** The wire's recargo de equivalencia lines. */
function surchargeLines(totals: CartTotals): Cart['surcharges'] {
  return totals.surcharges.map((line) => ({
    vat_rate: line.vatRate,
    rate: line.rate,
    base: centsToEuros(line.baseCents),
    amount: centsToEuros(line.amountCents),
  }));
}

function cartBody(
  cart: CartRow,
  lines: readonly PricedLine[],
  totals: CartTotals,
  surcharge: boolean,
  publicUrl: string,
): Cart {
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
    taxes: taxLines(totals),
    recargo_equivalencia: surcharge,
    surcharges: surchargeLines(totals),
    price_tax: centsToEuros(totals.taxCents),
    total_price: centsToEuros(totals.totalCents),
    version: cart.version,
    updated_at: cart.updatedAt.toISOString(),
  };
}

function linesOf(items: StoredLine[] | string): LineRequest[] {
  return parseJson(items).map((item) => ({ id: item.product_id, quantity: item.quantity }));
}

function assertWithinCap(state: ClientState, cartCents: number): void {
  const check = monthlyCapCheck(state.config, state.spentCents, cartCents);
  if (!check.ok) {
    throw new HttpError(406, monthlyCapMessage(check.capCents, state.spentCents, cartCents));
  }
}

const readCartStatement = preparedStatement<{
  id: number;
  version: number;
  updated_at: Date | string;
  items: StoredLine[] | string;
  state: ClientStateJson | string | null;
  products: ProductJson[] | string;
}>(
  'botica_read_cart',
  sql`select oc.id, oc.version, oc.updated_at, oc.items, ${clientStateJson} as state,
        ${productsJson(sql`p.id in (select (e ->> 'product_id')::int from jsonb_array_elements(oc.items) e)`)} as products
      from carts oc where oc.client_id = ${sql.placeholder('clientId')} and oc.status = 'open'`,
);

/** `GET /api/v1/cart`: the client's open cart, or null (→ 204). One statement. */
export async function readCart(context: AppContext, clientId: number): Promise<Cart | null> {
  const [row] = await readCartStatement(context.db, { clientId, ...monthParameters(context.now()) });
  if (!row) return null;
  const inputs = inputsOf(row);
  const state = clientStateOf(clientId, inputs.state);
  const lines = priceLines(inputs.products, linesOf(row.items), { strict: false });
  const cart: CartRow = { id: row.id, clientId, version: row.version, updatedAt: new Date(row.updated_at) };
  return cartBody(cart, lines, totalsOf(lines, state), state.surcharge, context.settings.publicUrl);
}

/**
 * The pricing inputs last seen: each client's part, and each product's part per discount group (the
 * special price is the group's), all read under one pricing epoch. Only a guess: the write statement
 * checks the epoch and the month's orders, and a stale entry costs one more statement. Inputs read
 * under another epoch replace everything remembered.
 */
export class PricingMemory {
  readonly #states = new Map<number, ClientStateJson>();
  readonly #products = new Map<string, ProductJson>();
  readonly #limit: number;
  #epoch: number | undefined;

  constructor(limit = 50_000) {
    this.#limit = limit;
  }

  /** The remembered inputs for these products (ids ascending), or undefined if any part is missing. */
  recall(clientId: number, ids: readonly number[]): PricingInputs | undefined {
    const state = this.#states.get(clientId);
    if (!state) return undefined;
    const products: ProductJson[] = [];
    for (const id of ids) {
      const product = this.#products.get(`${state.discount_group_id ?? 0}:${id}`);
      if (!product) return undefined;
      products.push(product);
    }
    return { state, products };
  }

  remember(clientId: number, inputs: PricingInputs): void {
    if (inputs.state.epoch !== this.#epoch) {
      this.#states.clear();
      this.#products.clear();
      this.#epoch = inputs.state.epoch;
    }
    this.#set(this.#states, clientId, inputs.state);
    const group = inputs.state.discount_group_id ?? 0;
    for (const product of inputs.products) this.#set(this.#products, `${group}:${product.id}`, product);
  }

  #set<K, V>(map: Map<K, V>, key: K, value: V): void {
    map.delete(key);
    map.set(key, value);
    if (map.size > this.#limit) {
      const oldest = map.keys().next().value;
      if (oldest !== undefined) map.delete(oldest);
    }
  }
}

const pricingInputsStatement = preparedStatement<{
  state: ClientStateJson | string | null;
  products: ProductJson[] | string;
}>('botica_pricing_inputs', sql`select ${clientStateJson} as state, ${productsJson(idsIn)} as products`);

/** The pricing inputs read now. */
async function readPricingInputs(
  db: Database,
  clientId: number,
  ids: readonly number[],
  now: Date,
): Promise<PricingInputs> {
  const [row] = await pricingInputsStatement(db, {
    clientId,
    ids: JSON.stringify(ids),
    ...monthParameters(now),
  });
  return inputsOf(row);
}

/**
 * The save's write: it replaces the open cart's lines only while the pricing epoch and the month's
 * orders are still those the cart was priced with (the optimistic guard), and, when the save names
 * the `expected` version it was made from, only while the open cart is still at that version (0: no
 * open cart). Otherwise it writes nothing: `guarded` says whether the pricing guard held (then the
 * version did not), and the fresh inputs come back, computed only when the guard did not hold.
 *
 * A new cart's version continues from the client's earlier carts, so a version names one state of
 * one cart: a tab still showing a cart that has since been sent cannot overwrite the next one.
 * Under concurrent saves of one version, the row lock of ON CONFLICT makes the second one re-check
 * the version it finds after the first one's write, so exactly one of them is acknowledged.
 */
const saveCartStatement = preparedStatement<{
  guarded: boolean;
  state: ClientStateJson | string | null;
  products: ProductJson[] | string | null;
  id: number | null;
  version: number | null;
  updated_at: Date | string | null;
}>(
  'botica_save_cart',
  sql`with guard as (
        select (select epoch from pricing_epoch) = ${sql.placeholder('epoch')}
          and ${monthSpent(sql`${sql.placeholder('clientId')}`)} = ${sql.placeholder('spent')} as guarded
      ), cart as (
        insert into carts (client_id, items, created_at, updated_at, version)
        select ${sql.placeholder('clientId')}, ${sql.placeholder('items')}::jsonb, ${sql.placeholder('now')},
               ${sql.placeholder('now')},
               (select coalesce(max(version), 0) + 1 from carts where client_id = ${sql.placeholder('clientId')})
        where (select guarded from guard)
          and (${sql.placeholder('expected')}::int is null
               or ${sql.placeholder('expected')}::int = coalesce((select version from carts
                 where client_id = ${sql.placeholder('clientId')} and status = 'open'), 0))
        on conflict (client_id) where status = 'open'
        do update set items = excluded.items, version = carts.version + 1, updated_at = excluded.updated_at
          where ${sql.placeholder('expected')}::int is null or carts.version = ${sql.placeholder('expected')}::int
        returning id, version, updated_at
      )
      select guard.guarded, cart.id, cart.version, cart.updated_at,
             case when not guard.guarded then ${clientStateJson} end as state,
             case when not guard.guarded then ${productsJson(idsIn)} end as products
      from guard left join cart on true`,
);

/** The answer to a save made from a version of the cart that is no longer the open cart's. */
export const STALE_CART_MESSAGE =
  'Tu pedido ha cambiado desde que lo abriste (en otra ventana o por otro usuario de tu farmacia). Vuelve a cargarlo y repite el cambio.';

/** How many times a save prices again after its inputs changed under it before giving up (409). */
const SAVE_ATTEMPTS = 4;

/**
 * `POST /api/v1/cart`: replaces the lines of the client's open cart (creating it) and returns it.
 * With `expectedVersion` (the `version` of the cart the save was made from, 0 for none), a cart that
 * has moved on since is a 409 and nothing is written. Usually one statement; see the module's comment.
 */
export async function saveCart(
  context: AppContext,
  clientId: number,
  lines: readonly LineRequest[],
  memory: PricingMemory = new PricingMemory(),
  expectedVersion?: number,
): Promise<Cart> {
  const now = context.now();
  const ids = [...new Set(lines.map((line) => line.id))].sort((a, b) => a - b);
  const items = JSON.stringify(lines.map((line) => ({ product_id: line.id, quantity: line.quantity })));
  const month = monthParameters(now);
  let inputs = memory.recall(clientId, ids);
  let fresh = false;
  for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt += 1) {
    if (!inputs) {
      inputs = await readPricingInputs(context.db, clientId, ids, now);
      memory.remember(clientId, inputs);
      fresh = true;
    }
    let priced: PricedLine[];
    let totals: CartTotals;
    let state: ClientState;
    try {
      priced = priceLines(inputs.products, lines, { strict: true });
      state = clientStateOf(clientId, inputs.state);
      totals = totalsOf(priced, state);
      if (priced.length > 0) assertWithinCap(state, totals.priceCents);
    } catch (error) {
      // A refusal is only ever given on inputs just read from the database.
      if (fresh || !(error instanceof HttpError)) throw error;
      inputs = undefined;
      continue;
    }
    const [row] = await saveCartStatement(context.db, {
      clientId,
      items,
      now: now.toISOString(),
      epoch: inputs.state.epoch,
      spent: inputs.state.spent,
      ids: JSON.stringify(ids),
      expected: expectedVersion ?? null,
      ...month,
    });
    if (row?.id != null && row.version != null && row.updated_at != null) {
      const cart: CartRow = {
        id: row.id,
        clientId,
        version: row.version,
        updatedAt: new Date(row.updated_at),
      };
      return cartBody(cart, priced, totals, state.surcharge, context.settings.publicUrl);
    }
    if (row?.guarded === true) throw new HttpError(409, STALE_CART_MESSAGE);
    // The inputs changed since they were read: price again with the ones the statement saw.
    inputs = inputsOf(row);
    memory.remember(clientId, inputs);
    fresh = true;
  }
  throw new HttpError(409, 'Los precios han cambiado mientras se guardaba el pedido. Vuelve a intentarlo.');
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
  recargoEquivalencia: boolean;
  surcharges: unknown;
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
interface StoredSurcharge {
  vat_rate: number;
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
    recargo_equivalencia: row.recargoEquivalencia,
    surcharges: ((row.surcharges ?? []) as StoredSurcharge[]).map((line) => ({
      vat_rate: line.vat_rate as VatRate,
      rate: line.rate as SurchargeRate,
      base: centsToEuros(line.base_cents),
      amount: centsToEuros(line.amount_cents),
    })),
    price_tax: centsToEuros(row.taxCents),
    total_price: centsToEuros(row.totalCents),
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
  clientId: number,
  userId: number,
  cartId: number,
  notes: string | undefined,
  portalOrigin: string,
): Promise<{ order: Order; created: boolean }> {
  const result = await context.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const now = context.now();
    // The client's row is the serialisation point of its checkouts; everything below is read after it.
    const [client] = await selectRows<OrderingClient>(
      db,
      sql`select id, name, tax_id, email, address, postal_code, city, province, phone
          from clients where id = ${clientId} for update`,
    );
    if (!client) throw new HttpError(403, NO_SUCH_CLIENT);
    const [existing] = await db.select().from(orders).where(eq(orders.cartId, cartId)).limit(1);
    if (existing) {
      if (existing.clientId !== clientId) throw new HttpError(404, 'El pedido no existe.');
      return { row: existing as OrderRow, created: false };
    }
    // Locking the cart's row holds off saves until the order is made (a later save opens a new cart).
    const [cart] = await selectRows<{ id: number; status: string; items: StoredLine[] | string }>(
      db,
      sql`select id, status, items from carts where id = ${cartId} and client_id = ${clientId} for update`,
    );
    if (cart?.status !== 'open') throw new HttpError(404, 'El pedido no existe.');
    const lines = linesOf(cart.items);
    const inputs = await readPricingInputs(
      db,
      clientId,
      lines.map((line) => line.id),
      now,
    );
    const state = clientStateOf(clientId, inputs.state);
    const priced = priceLines(inputs.products, lines, { strict: true });
    if (priced.length === 0)
      throw new HttpError(422, 'Tu pedido está vacío.', { products: ['Tu pedido está vacío.'] });
    const totals = totalsOf(priced, state);
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
        recargoEquivalencia: state.surcharge,
        surcharges: totals.surcharges.map((line) => ({
          vat_rate: line.vatRate,
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
    const row = (order ?? inserted) as OrderRow;
    await enqueueOrderMails(
      db,
      { client, userId, row, priced, totals, surcharge: state.surcharge },
      {
        context,
        portalOrigin,
        now,
      },
    );
    return { row, created: true };
  });
  const [order] = await orderBodies(context, [result.row]);
  if (!order) throw new Error('the order could not be read back');
  return { order, created: result.created };
}

/** Writes a new order's e-mails into the outbox of the checkout's transaction. */
async function enqueueOrderMails(
  db: Database,
  made: {
    client: OrderingClient;
    userId: number;
    row: OrderRow;
    priced: readonly PricedLine[];
    totals: CartTotals;
    surcharge: boolean;
  },
  at: { context: AppContext; portalOrigin: string; now: Date },
): Promise<void> {
  const { client, row, priced, totals } = made;
  // The order goes to the pharmacy's main premises (its registered address without a shop on file).
  const [shop] = await selectRows<{
    name: string;
    address: string;
    postal_code: string;
    city: string;
    province: string;
    phone: string;
  }>(
    db,
    sql`select name, address, postal_code, city, province, phone from shops
        where client_id = ${client.id} order by is_main desc, id limit 1`,
  );
  const [sender] = await selectRows<{ name: string; username: string }>(
    db,
    sql`select name, username from users where id = ${made.userId}`,
  );
  const destination = shop ?? { ...client };
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
    sender: { name: sender?.name ?? '', username: sender?.username ?? '' },
    portalOrigin: at.portalOrigin,
    laboratory: at.context.settings.laboratory,
  });
  for (const mail of mails) await enqueueMail(db, mail, at.now);
}

/** What the orders' list may be narrowed to: Madrid days `from` and `to` (included) and one status. */
export interface OrdersFilter {
  from?: string | undefined;
  to?: string | undefined;
  status?: Order['status'] | undefined;
}

/** `GET /api/v1/clients/{clientId}/orders`: newest first, with lines and totals, filtered. */
export async function listOrders(
  context: AppContext,
  clientId: number,
  page: number,
  perPage: number,
  filter: OrdersFilter = {},
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

const monthSpentStatement = preparedStatement<{ spent: number | string }>(
  'botica_month_spent',
  sql`select ${monthSpent(sql`${sql.placeholder('clientId')}`)} as spent`,
);

/**
 * `GET /api/v1/clients/{clientId}/monthly-purchases`: the `price` of this Madrid month's orders,
 * cancelled ones excluded, the sum the monthly cap is checked against on every save and order.
 */
export async function monthlyPurchases(
  context: AppContext,
  clientId: number,
): Promise<{ month: string; spent: number }> {
  const now = context.now();
  const [row] = await monthSpentStatement(context.db, { clientId, ...monthParameters(now) });
  return { month: madridMonth(now).key, spent: centsToEuros(Number(row?.spent ?? 0)) };
}
