/**
 * The cart ('Mi pedido'): its reading, its saves, and the pricing the checkout makes the order with
 * (src/orders/orders-service.ts). Every amount is recomputed here with @botica/domain from the
 * database's prices; the client's numbers are never read.
 *
 * A cart is one row: its lines are the `items` document (`[{product_id, quantity, unit_cents}]`, in
 * the order the pharmacist added them), so a save is one atomic row write and concurrent saves end as
 * the last one written, each with its own `version`. `unit_cents` is the unit price the save
 * answered: a later answer whose price differs at the same quantity carries it as `previous_price`.
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
 * The save's statement also re-checks the session it serves when the route ran with the session the
 * process remembers (src/auth/sessions.ts, `sessionCheckQueries`; docs/decisions/026): it writes only
 * while that session is live and its user unchanged, and touches its `last_seen_at` when due, so a
 * save with a remembered session and remembered prices is one round trip in all.
 *
 * A checkout locks the client's row (`SELECT … FOR UPDATE`) and then the cart's
 * (`lockCartForCheckout`), and reads the inputs after both locks (`priceForCheckout`), so two
 * checkouts of one cart make one order (the second finds it) and two checkouts can never together
 * pass the monthly cap (each counts the orders committed before it).
 *
 * The pricing inputs are read in one statement for speed, so its SQL reads other modules' tables
 * (catalogue and pricing: products, special prices, tiers, discount groups, the pricing epoch;
 * accounts: clients; configurations: the order rules; orders: the month's orders); it writes only
 * `carts`.
 */
import type { Cart } from '@botica/api-client/schemas';
import {
  type CartTotals,
  CONFIGURATION_KEYS,
  cartTotals,
  centsToEuros,
  madridMonth,
  monthlyCapCheck,
  monthlyCapMessage,
  type OrderConfiguration,
  parseConfiguration,
  type VatRate,
  type VolumeTier,
} from '@botica/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import { NO_SESSION_CHECK, SessionNotConfirmed, sessionCheckQueries } from '../auth/sessions.ts';
import type { CoreContext } from '../context.ts';
import { type Database, preparedStatement, selectRows } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import {
  baseUnitCents,
  type ClientConditions,
  finalPrice,
  groupDiscounts,
  type PricedProductRow,
  productSummary,
  unitCentsFor,
} from '../pricing/pricing-service.ts';
import { carts } from './tables.ts';

/** A line to price: a product and its quantity. */
export interface LineRequest {
  id: number;
  quantity: number;
}

/** A line of the `items` document of a cart row. */
interface StoredLine {
  product_id: number;
  quantity: number;
  /** The unit price the save answered (absent in carts saved before it was kept). */
  unit_cents?: number;
}

/** What a cart's amounts depend on of its client, as the database builds it (`clientConditionsJson`). */
interface ClientConditionsJson {
  discount_group_id: number | null;
  group_name: string | null;
  percent: string | null;
  /** In the VAT regime of recargo de equivalencia. */
  surcharge: boolean;
}

/** The client's part of the pricing inputs, as the database builds it (`clientStateJson`). */
interface ClientStateJson extends ClientConditionsJson {
  /** The pricing epoch these inputs (the products' too) were read under (migration 0007). */
  epoch: number;
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

/** A priced line of a cart: the product as priced (its tiers included), its quantity and its unit price. */
export interface PricedLine {
  row: ProductJson;
  /** The product's volume tiers, parsed once for the price and for the answer. */
  tiers: VolumeTier[];
  quantity: number;
  unitCents: number;
}

interface CartRow {
  id: number;
  clientId: number;
  version: number;
  updatedAt: Date;
}

/** The client's part of the pricing: its conditions, VAT regime, order rules and month's spending. */
export interface ClientState {
  conditions: ClientConditions;
  /** In the VAT regime of recargo de equivalencia. */
  surcharge: boolean;
  config: OrderConfiguration;
  /** The `price` of this Madrid month's orders, cancelled ones excluded. */
  spentCents: number;
}

const NO_SUCH_CLIENT = 'Este acceso no está disponible para tu usuario.';
const UNKNOWN_PRODUCT = 'El producto no existe o ya no está disponible.';

/** The `clientConditionsJson` fields of `clients c left join discount_groups g`. */
const conditionsFields = sql`'discount_group_id', c.discount_group_id, 'group_name', g.name,
      'percent', g.discount_percent::text, 'surcharge', c.recargo_equivalencia`;

/**
 * What a cart's amounts depend on of the client of the `clientId` parameter, as one jsonb value (null
 * for an unknown client): its discount group and its VAT regime. The reading of a cart needs no more:
 * the epoch, the order rules and the month's orders only guard and check a save.
 */
const clientConditionsJson = sql`(select jsonb_build_object(${conditionsFields})
    from clients c left join discount_groups g on g.id = c.discount_group_id
    where c.id = ${sql.placeholder('clientId')})`;

/**
 * The client's pricing inputs as one jsonb value (null for an unknown client): the pricing epoch they
 * were read under, its discount group, its VAT regime (recargo de equivalencia or not; a change of it
 * moves the epoch on, as any change to `clients` does), the order rules and the `price` of this Madrid
 * month's orders.
 * Parameters by name: `clientId`, `monthStart`, `monthEnd`. It reads the order rules inside this one
 * statement for speed (the configurations module's table) instead of `orderConfiguration(context)`.
 */
const clientStateJson = sql`(select jsonb_build_object(
      'epoch', (select epoch from pricing_epoch),
      ${conditionsFields},
      'minimum', (select value from configurations where key = ${CONFIGURATION_KEYS.orderMinimumAmount}),
      'cap', (select value from configurations where key = ${CONFIGURATION_KEYS.maximumPurchasePerMonth}),
      'spent', ${monthSpent(sql`c.id`)})
    from clients c left join discount_groups g on g.id = c.discount_group_id
    where c.id = ${sql.placeholder('clientId')})`;

/**
 * What a month's spend is, the one definition the monthly cap and the purchases per month share: the
 * sum of `price` (0 without any) over the client's orders created from `start` (included) to `end`
 * (excluded), cancelled ones left out. `counts` is the condition on `orders o` (the orders module's
 * table), `spent` the aggregate over the rows it keeps.
 */
function monthSpending({ clientId, start, end }: { clientId: SQL; start: SQL; end: SQL }): {
  counts: SQL;
  spent: SQL;
} {
  return {
    counts: sql`o.client_id = ${clientId} and o.status <> 'cancelled'
        and o.created_at >= ${start} and o.created_at < ${end}`,
    spent: sql`coalesce(sum(o.price_cents), 0)`,
  };
}

/**
 * The `price` of the client's orders of the month between the `monthStart` and `monthEnd` parameters,
 * read inside the cart's statements: the monthly cap's guard.
 */
function monthSpent(clientId: SQL): SQL {
  const { counts, spent } = monthSpending({
    clientId,
    start: sql`${sql.placeholder('monthStart')}`,
    end: sql`${sql.placeholder('monthEnd')}`,
  });
  return sql`(select ${spent} from orders o where ${counts})`;
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

function conditionsOf(clientId: number, state: ClientConditionsJson): ClientConditions {
  return {
    clientId,
    discountGroupId: state.discount_group_id,
    groupName: state.group_name,
    discountPercent: state.percent ? Number(state.percent) : 0,
  };
}

function clientStateOf(clientId: number, state: ClientStateJson): ClientState {
  return {
    conditions: conditionsOf(clientId, state),
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
    return [{ row, tiers, quantity: line.quantity, unitCents: unitCentsFor(row, tiers, line.quantity) }];
  });
}

function totalsOf(
  lines: readonly PricedLine[],
  state: Pick<ClientState, 'conditions' | 'surcharge'>,
): CartTotals {
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

/**
 * The unit price a line had at the cart's last acknowledged save, when it differs from its price now
 * at the same quantity: the laboratory changed it since (a change of quantity into another tier is
 * the pharmacist's own doing, not a change to tell him about).
 */
function previousUnitCents(line: PricedLine, seen: ReadonlyMap<number, StoredLine>): number | null {
  const stored = seen.get(line.row.id);
  if (stored?.unit_cents === undefined || stored.quantity !== line.quantity) return null;
  return stored.unit_cents === line.unitCents ? null : stored.unit_cents;
}

/** The lines of a stored `items` document by product. */
function storedLines(items: StoredLine[] | string | null | undefined): Map<number, StoredLine> {
  return new Map((items ? parseJson(items) : []).map((item) => [item.product_id, item]));
}

/** The `items` document of priced lines, each with the unit price answered. */
function itemsDocument(lines: readonly PricedLine[]): string {
  return JSON.stringify(
    lines.map((line) => ({ product_id: line.row.id, quantity: line.quantity, unit_cents: line.unitCents })),
  );
}

function cartBody(
  cart: CartRow,
  lines: readonly PricedLine[],
  totals: CartTotals,
  surcharge: boolean,
  publicUrl: string,
  seen: ReadonlyMap<number, StoredLine> = new Map(),
): Cart {
  return {
    id: cart.id,
    client_id: cart.clientId,
    items: lines.map((line, index) => {
      const lineTotals = totals.lines[index];
      const previous = previousUnitCents(line, seen);
      return {
        product: productSummary(line.row, publicUrl, line.unitCents),
        quantity: line.quantity,
        price: centsToEuros(lineTotals?.priceCents ?? 0),
        price_include_discount: centsToEuros(lineTotals?.netCents ?? 0),
        ...(previous === null ? {} : { previous_price: centsToEuros(previous) }),
        volume: {
          price_before_tiers: finalPrice(line.row.price_cents, baseUnitCents(line.row)),
          tiers: line.tiers.map((tier) => ({
            min_quantity: tier.minQuantity,
            discount_percent: tier.discountPercent,
          })),
        },
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

/** 406 when a cart of `cartCents` would take the client's month past the monthly cap. */
export function assertWithinCap(state: ClientState, cartCents: number): void {
  const check = monthlyCapCheck(state.config, state.spentCents, cartCents);
  if (!check.ok) {
    throw new HttpError(406, monthlyCapMessage(check.capCents, state.spentCents, cartCents));
  }
}

/**
 * The client's open cart with what its amounts depend on; always one row, whose `id` is null without
 * an open cart, and which reads no cart when the session check failed (`session_ok` false).
 */
const readCartStatement = preparedStatement<{
  session_ok: boolean;
  id: number | null;
  version: number;
  updated_at: Date | string;
  items: StoredLine[] | string;
  state: ClientConditionsJson | string | null;
  products: ProductJson[] | string;
}>(
  'botica_read_cart',
  sql`with ${sessionCheckQueries}
      select session_check.ok as session_ok, oc.id, oc.version, oc.updated_at, oc.items,
        ${clientConditionsJson} as state,
        ${productsJson(sql`p.id in (select (e ->> 'product_id')::int from jsonb_array_elements(oc.items) e)`)} as products
      from session_check left join carts oc on session_check.ok
        and oc.client_id = ${sql.placeholder('clientId')} and oc.status = 'open'`,
);

/**
 * `GET /api/v1/cart`: the client's open cart, or null (→ 204). One statement. With `sessionCheck` (the
 * named values of `SessionStore.sessionCheckValues`) it also re-checks the remembered session it
 * serves, and `SessionNotConfirmed` is thrown when that fails.
 */
export async function readCart(
  context: CoreContext,
  clientId: number,
  sessionCheck: Readonly<Record<string, unknown>> = NO_SESSION_CHECK,
): Promise<Cart | null> {
  const [row] = await readCartStatement(context.db, { clientId, ...sessionCheck });
  if (row?.session_ok === false) throw new SessionNotConfirmed();
  if (!row || row.id === null) return null;
  const conditions = row.state ? parseJson(row.state) : null;
  if (!conditions) throw new HttpError(403, NO_SUCH_CLIENT);
  const state = { conditions: conditionsOf(clientId, conditions), surcharge: conditions.surcharge === true };
  const lines = priceLines(parseJson(row.products), linesOf(row.items), { strict: false });
  const cart: CartRow = { id: row.id, clientId, version: row.version, updatedAt: new Date(row.updated_at) };
  return cartBody(
    cart,
    lines,
    totalsOf(lines, state),
    state.surcharge,
    context.settings.publicUrl,
    storedLines(row.items),
  );
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
  session_ok: boolean;
  guarded: boolean;
  state: ClientStateJson | string | null;
  products: ProductJson[] | string | null;
  id: number | null;
  version: number | null;
  updated_at: Date | string | null;
  previous: StoredLine[] | string | null;
}>(
  'botica_save_cart',
  sql`with ${sessionCheckQueries}, guard as (
        select (select epoch from pricing_epoch) = ${sql.placeholder('epoch')}
          and ${monthSpent(sql`${sql.placeholder('clientId')}`)} = ${sql.placeholder('spent')} as guarded
      ), cart as (
        insert into carts (client_id, items, created_at, updated_at, version)
        select ${sql.placeholder('clientId')}, ${sql.placeholder('items')}::jsonb, ${sql.placeholder('now')},
               ${sql.placeholder('now')},
               -- The open cart's version is its client's latest; the client's carts are read only
               -- when it has none.
               coalesce((select version from carts where client_id = ${sql.placeholder('clientId')} and status = 'open'),
                        (select max(version) from carts where client_id = ${sql.placeholder('clientId')}), 0) + 1
        where (select ok from session_check) and (select guarded from guard)
          and (${sql.placeholder('expected')}::int is null
               or ${sql.placeholder('expected')}::int = coalesce((select version from carts
                 where client_id = ${sql.placeholder('clientId')} and status = 'open'), 0))
        on conflict (client_id) where status = 'open'
        do update set items = excluded.items, version = carts.version + 1, updated_at = excluded.updated_at
          where ${sql.placeholder('expected')}::int is null or carts.version = ${sql.placeholder('expected')}::int
        returning id, version, updated_at
      )
      select session_check.ok as session_ok, guard.guarded, cart.id, cart.version, cart.updated_at,
             -- The statement's snapshot: the lines as they were before this save wrote.
             (select items from carts where client_id = ${sql.placeholder('clientId')} and status = 'open') as previous,
             case when session_check.ok and not guard.guarded then ${clientStateJson} end as state,
             case when session_check.ok and not guard.guarded then ${productsJson(idsIn)} end as products
      from session_check cross join guard left join cart on true`,
);

/** The answer to a save made from a version of the cart that is no longer the open cart's. */
export const STALE_CART_MESSAGE =
  'Tu pedido ha cambiado desde que lo abriste (en otra ventana o por otro usuario de tu farmacia). Vuelve a cargarlo y repite el cambio.';

/** How many times a save prices again after its inputs changed under it before giving up (409). */
const SAVE_ATTEMPTS = 4;

/**
 * `POST /api/v1/cart`: replaces the lines of the client's open cart (creating it) and returns it.
 * With `expectedVersion` (the `version` of the cart the save was made from, 0 for none), a cart that
 * has moved on since is a 409 and nothing is written. With `sessionCheck` (the named values of
 * `SessionStore.sessionCheckValues`) the write also re-checks the remembered session it serves, and
 * `SessionNotConfirmed` is thrown, nothing written, when that fails. Usually one statement; see the
 * module's comment.
 */
export async function saveCart(
  context: CoreContext,
  {
    clientId,
    lines,
    memory = new PricingMemory(),
    expectedVersion,
    sessionCheck = NO_SESSION_CHECK,
  }: {
    clientId: number;
    lines: readonly LineRequest[];
    memory?: PricingMemory | undefined;
    expectedVersion?: number | undefined;
    sessionCheck?: Readonly<Record<string, unknown>> | undefined;
  },
): Promise<Cart> {
  const now = context.now();
  const ids = [...new Set(lines.map((line) => line.id))].sort((a, b) => a - b);
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
      items: itemsDocument(priced),
      now: now.toISOString(),
      epoch: inputs.state.epoch,
      spent: inputs.state.spent,
      ids: JSON.stringify(ids),
      expected: expectedVersion ?? null,
      ...month,
      ...sessionCheck,
    });
    if (row?.session_ok === false) throw new SessionNotConfirmed();
    if (row?.id != null && row.version != null && row.updated_at != null) {
      const cart: CartRow = {
        id: row.id,
        clientId,
        version: row.version,
        updatedAt: new Date(row.updated_at),
      };
      return cartBody(
        cart,
        priced,
        totals,
        state.surcharge,
        context.settings.publicUrl,
        storedLines(row.previous),
      );
    }
    if (row?.guarded === true) throw new HttpError(409, STALE_CART_MESSAGE);
    // The inputs changed since they were read: price again with the ones the statement saw.
    inputs = inputsOf(row);
    memory.remember(clientId, inputs);
    fresh = true;
  }
  throw new HttpError(409, 'Los precios han cambiado mientras se guardaba el pedido. Vuelve a intentarlo.');
}

/**
 * Locks the client's open cart `cartId` for its checkout (a save waits until the order is made; a
 * later save opens a new cart) and answers its lines, or null when the client has no such open cart.
 */
export async function lockCartForCheckout(
  context: CoreContext,
  { clientId, cartId }: { clientId: number; cartId: number },
): Promise<{ id: number; lines: LineRequest[] } | null> {
  const [cart] = await selectRows<{ id: number; status: string; items: StoredLine[] | string }>(
    context.db,
    sql`select id, status, items from carts where id = ${cartId} and client_id = ${clientId} for update`,
  );
  if (cart?.status !== 'open') return null;
  return { id: cart.id, lines: linesOf(cart.items) };
}

/**
 * Prices a cart's lines for its order with the inputs read now (after the checkout's locks): 403 for
 * an unknown client, 422 naming the lines of unknown or withdrawn products.
 */
export async function priceForCheckout(
  context: CoreContext,
  { clientId, lines, now }: { clientId: number; lines: readonly LineRequest[]; now: Date },
): Promise<{ state: ClientState; priced: PricedLine[]; totals: CartTotals }> {
  const inputs = await readPricingInputs(
    context.db,
    clientId,
    lines.map((line) => line.id),
    now,
  );
  const state = clientStateOf(clientId, inputs.state);
  const priced = priceLines(inputs.products, lines, { strict: true });
  return { state, priced, totals: totalsOf(priced, state) };
}

/** Closes a cart that became an order. */
export async function markCartOrdered(
  context: CoreContext,
  { cartId, now }: { cartId: number; now: Date },
): Promise<void> {
  await context.db.update(carts).set({ status: 'ordered', updatedAt: now }).where(eq(carts.id, cartId));
}

const monthSpentStatement = preparedStatement<{ spent: number | string }>(
  'botica_month_spent',
  sql`select ${monthSpent(sql`${sql.placeholder('clientId')}`)} as spent`,
);

/**
 * The `price` of the Madrid month's orders of `now`, cancelled ones excluded: the sum the monthly cap
 * is checked against on every save and order.
 */
export async function monthSpentCents(
  context: CoreContext,
  { clientId, now }: { clientId: number; now: Date },
): Promise<number> {
  const [row] = await monthSpentStatement(context.db, { clientId, ...monthParameters(now) });
  return Number(row?.spent ?? 0);
}

/** The months of the `months` parameter (jsonb: `key`, `start_at`, `end_at`), each with its spend, in the order given. */
const monthsSpentStatement = preparedStatement<{ key: string; spent: number | string }>(
  'botica_months_spent',
  (() => {
    const { counts, spent } = monthSpending({
      clientId: sql`${sql.placeholder('clientId')}`,
      start: sql`(m.month->>'start_at')::timestamptz`,
      end: sql`(m.month->>'end_at')::timestamptz`,
    });
    return sql`select m.month->>'key' as key, ${spent} as spent
      from jsonb_array_elements(${sql.placeholder('months')}::jsonb) with ordinality as m(month, position)
      left join orders o on ${counts}
      group by m.position, m.month
      order by m.position`;
  })(),
);

/**
 * The spend of each of several Madrid months, in one statement: for every month, what
 * `monthSpentCents` gives for an instant of it (the same definition), in the order of `months`.
 */
export async function monthsSpentCents(
  context: CoreContext,
  { clientId, months }: { clientId: number; months: readonly Date[] },
): Promise<number[]> {
  const bounds = months.map((instant) => {
    const month = madridMonth(instant);
    return { key: month.key, start_at: month.start.toISOString(), end_at: month.end.toISOString() };
  });
  const rows = await monthsSpentStatement(context.db, { clientId, months: JSON.stringify(bounds) });
  return rows.map((row) => Number(row.spent));
}
