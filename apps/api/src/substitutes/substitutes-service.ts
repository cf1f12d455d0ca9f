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
import { selectRows } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import {
  clientConditions,
  PRICED_COLUMNS,
  type PricedProductRow,
  pricedProducts,
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

const CANDIDATE_COLUMNS = sql`p.id, p.name, p.format, p.price_cents, p.stock_units, p.is_active,
  (select array_agg(pc.category_id) from product_categories pc
     where pc.product_id = p.id and pc.category_id in ${HEALTH_CATEGORIES}) as health`;

/** The ids of the default substitutes: products sharing a health problem, ranked by the domain. */
async function defaultIds(context: CoreContext, product: CandidateRow): Promise<number[]> {
  const candidates = await selectRows<CandidateRow>(
    context.db,
    sql`select ${CANDIDATE_COLUMNS} from products p
          where p.is_active and p.stock_units > 0 and p.id <> ${product.id} and exists (
            select 1 from product_categories pc join product_categories own
              on own.category_id = pc.category_id and own.product_id = ${product.id}
            where pc.product_id = p.id and pc.category_id in ${HEALTH_CATEGORIES})`,
  );
  return defaultSubstitutes(toCandidate(product), candidates.map(toCandidate)).map((c) => c.id);
}

/**
 * `GET /api/v1/products/{id}/substitutes`: for a sold-out product, a few products to take instead,
 * the best first; none for a product in stock.
 * @throws HttpError 404 for an unknown or withdrawn product.
 */
export async function productSubstitutesFor(
  context: CoreContext,
  { clientId, productId }: { clientId: number; productId: number },
): Promise<ProductSummary[]> {
  const [product] = await selectRows<CandidateRow>(
    context.db,
    sql`select ${CANDIDATE_COLUMNS} from products p where p.id = ${productId} and p.is_active`,
  );
  if (!product) throw new HttpError(404, ADMIN_SUBSTITUTE_MESSAGES.productNotFound);
  if (stockStateOf(product.stock_units) !== 'out_of_stock') return [];
  const chosen = await selectRows<{ id: number; is_active: boolean; stock_units: number }>(
    context.db,
    sql`select p.id, p.is_active, p.stock_units from product_substitutes s join products p on p.id = s.substitute_id
          where s.product_id = ${productId} order by s.position`,
  );
  const offerable = chosen
    .filter((row) => isOfferable({ isActive: row.is_active, stockUnits: row.stock_units }))
    .map((row) => row.id)
    .slice(0, SUBSTITUTES_SHOWN);
  const ids = offerable.length > 0 ? offerable : await defaultIds(context, product);
  if (ids.length === 0) return [];
  const conditions = await clientConditions(context, clientId);
  const rows = await selectRows<PricedProductRow>(
    context.db,
    sql`select ${PRICED_COLUMNS} from ${pricedProducts(conditions.discountGroupId)}
          where p.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [productSummary(row, context.settings.publicUrl)] : [];
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
