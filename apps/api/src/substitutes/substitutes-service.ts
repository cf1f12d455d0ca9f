/**
 * What the portal offers in place of a sold-out product: the laboratory's chosen substitutes in its
 * order, else the domain's default ones (same health problem, same form), only active products in
 * stock, with the client's prices. And the back office's reading and choosing of that list.
 */
import { ADMIN_SUBSTITUTE_MESSAGES, type AdminSubstitute } from '@botica/api-client/admin';
import type { ProductSummary } from '@botica/api-client/schemas';
import { defaultSubstitutes, isOfferable, SUBSTITUTES_SHOWN, stockStateOf } from '@botica/domain';
import { sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/audit-service.ts';
import { type CoreContext, inTransaction } from '../core-context.ts';
import { preparedStatement, selectRows } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import {
  PRICED_COLUMNS,
  type PricedProductRow,
  pricedProductsOfClient,
  productSummary,
} from '../pricing/pricing-service.ts';

/** The root of the health-problem tree (id 2; id 1 roots the ranges). */
const HEALTH_PROBLEMS_ROOT = 2;

/** SQL: the ids of the categories under the health-problem root. */
const HEALTH_CATEGORIES = sql`(with recursive tree(id) as (
    select id from categories where parent_id = ${HEALTH_PROBLEMS_ROOT}
    union all select c.id from categories c join tree t on c.parent_id = t.id
  ) select id from tree)`;

interface CandidateRow {
  id: number;
  name: string;
  format: string;
  price_cents: number;
  stock_units: number;
  is_active: boolean;
  health: number[] | null;
}

const toCandidate = (row: CandidateRow) => ({
  id: row.id,
  name: row.name,
  format: row.format,
  priceCents: row.price_cents,
  stockUnits: row.stock_units,
  isActive: row.is_active,
  healthCategoryIds: (row.health ?? []).map(Number),
});

/** A priced product that may be offered, with what `isOfferable` reads. */
type PricedCandidateRow = PricedProductRow & { is_active: boolean };

/**
 * The first statement of every substitutes' read: the product, and its chosen substitutes in order
 * with the client's prices (its discount group read in a subquery) as JSON; no row for an unknown or
 * withdrawn product. Its health problems are left to `defaultCandidates`: a product in stock, the
 * usual case, needs none of it.
 */
const productWithChosen = preparedStatement<
  Omit<CandidateRow, 'health'> & { chosen: (PricedCandidateRow & { position: number })[] }
>(
  'botica_substitutes_chosen',
  sql`select o.id, o.name, o.format, o.price_cents, o.stock_units, o.is_active,
        coalesce((
          select json_agg(row_to_json(c) order by c.position) from (
            select ${PRICED_COLUMNS}, p.is_active, s.position
            from ${pricedProductsOfClient(sql`${sql.placeholder('clientId')}::int`)}
              join product_substitutes s on s.substitute_id = p.id
            where s.product_id = o.id
          ) c
        ), '[]'::json) as chosen
      from products o
      where o.id = ${sql.placeholder('productId')}::int and o.is_active`,
);

/**
 * The default substitutes' candidates, each with the client's prices: active products in stock
 * sharing a health problem with the product, each with its health problems and the product's own
 * (`own_health`, the same on every row).
 */
const defaultCandidates = preparedStatement<
  PricedCandidateRow & { health: number[] | null; own_health: number[] | null }
>(
  'botica_substitutes_default',
  sql`select ${PRICED_COLUMNS}, p.is_active,
        (select array_agg(pc.category_id) from product_categories pc
           where pc.product_id = p.id and pc.category_id in ${HEALTH_CATEGORIES}) as health,
        (select array_agg(pc.category_id) from product_categories pc
           where pc.product_id = ${sql.placeholder('productId')}::int
             and pc.category_id in ${HEALTH_CATEGORIES}) as own_health
      from ${pricedProductsOfClient(sql`${sql.placeholder('clientId')}::int`)}
      where p.is_active and p.stock_units > 0 and p.id <> ${sql.placeholder('productId')}::int and exists (
        select 1 from product_categories pc join product_categories own
          on own.category_id = pc.category_id and own.product_id = ${sql.placeholder('productId')}::int
        where pc.product_id = p.id and pc.category_id in ${HEALTH_CATEGORIES})`,
);

/**
 * `GET /api/v1/products/{id}/substitutes`: for a sold-out product, a few products to take instead,
 * the best first; none for a product in stock. One statement (`productWithChosen`), and one more
 * (`defaultCandidates`) for a sold-out product none of whose chosen substitutes can be offered.
 * @throws HttpError 404 for an unknown or withdrawn product.
 */
export async function productSubstitutesFor(
  context: CoreContext,
  { clientId, productId }: { clientId: number; productId: number },
): Promise<ProductSummary[]> {
  const [product] = await productWithChosen(context.db, { clientId, productId });
  if (!product) throw new HttpError(404, ADMIN_SUBSTITUTE_MESSAGES.productNotFound);
  if (stockStateOf(product.stock_units) !== 'out_of_stock') return [];
  const publicUrl = context.settings.publicUrl;
  const offerable = product.chosen
    .filter((row) => isOfferable({ isActive: row.is_active, stockUnits: row.stock_units }))
    .slice(0, SUBSTITUTES_SHOWN);
  if (offerable.length > 0) return offerable.map((row) => productSummary(row, publicUrl));
  const candidates = await defaultCandidates(context.db, { clientId, productId });
  const own = { ...product, health: candidates[0]?.own_health ?? null };
  return defaultSubstitutes(toCandidate(own), candidates.map(toCandidate)).flatMap((candidate) => {
    const row = candidates.find((found) => found.id === candidate.id);
    return row ? [productSummary(row, publicUrl)] : [];
  });
}

async function assertProduct(context: CoreContext, productId: number, lock = false): Promise<void> {
  const [row] = await selectRows<{ id: number }>(
    context.db,
    sql`select id from products where id = ${productId} ${lock ? sql`for update` : sql``}`,
  );
  if (!row) throw new HttpError(404, ADMIN_SUBSTITUTE_MESSAGES.productNotFound);
}

/**
 * `GET /api/v1/admin/products/{id}/substitutes`: the chosen substitutes in order (also withdrawn or
 * sold-out ones, which the portal skips).
 * @throws HttpError 404 for an unknown product.
 */
export async function chosenSubstitutes(context: CoreContext, productId: number): Promise<AdminSubstitute[]> {
  await assertProduct(context, productId);
  const rows = await selectRows<{
    id: number;
    reference: string;
    name: string;
    format: string;
    stock_units: number;
    is_active: boolean;
  }>(
    context.db,
    sql`select p.id, p.reference, p.name, p.format, p.stock_units, p.is_active
          from product_substitutes s join products p on p.id = s.substitute_id
          where s.product_id = ${productId} order by s.position`,
  );
  return rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    name: row.name,
    format: row.format,
    stock: stockStateOf(row.stock_units),
    is_active: row.is_active,
  }));
}

/**
 * `PUT /api/v1/admin/products/{id}/substitutes`: replaces the list, in order, with its audit row.
 * @throws HttpError 404 unknown product, 422 under `ids` for the product itself, a repeated or an
 * unknown product.
 */
export async function chooseSubstitutes(
  context: CoreContext,
  { actor, productId, ids }: { actor: AuditActor; productId: number; ids: readonly number[] },
): Promise<AdminSubstitute[]> {
  const refuse = (message: string) => new HttpError(422, message, { ids: [message] });
  if (ids.includes(productId)) throw refuse(ADMIN_SUBSTITUTE_MESSAGES.itself);
  if (new Set(ids).size !== ids.length) throw refuse(ADMIN_SUBSTITUTE_MESSAGES.repeated);
  return inTransaction(context, async (tx) => {
    await assertProduct(tx, productId, true);
    if (ids.length > 0) {
      const found = await selectRows<{ count: number | string }>(
        tx.db,
        sql`select count(*) as count from products where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      if (Number(found[0]?.count ?? 0) !== ids.length) throw refuse(ADMIN_SUBSTITUTE_MESSAGES.unknown);
    }
    const before = await chosenSubstitutes(tx, productId);
    await tx.db.execute(sql`delete from product_substitutes where product_id = ${productId}`);
    if (ids.length > 0) {
      await tx.db.execute(sql`insert into product_substitutes (product_id, substitute_id, position)
          select ${productId}, v.id, v.position
          from jsonb_to_recordset(${JSON.stringify(ids.map((id, position) => ({ id, position })))}::jsonb)
            as v(id integer, position smallint)`);
    }
    const after = await chosenSubstitutes(tx, productId);
    await recordAudit(tx, {
      actor,
      action: 'product.substitutes',
      objectType: 'product',
      objectId: productId,
      before: { substitutes: before.map((item) => item.reference) },
      after: { substitutes: after.map((item) => item.reference) },
    });
    return after;
  });
}
