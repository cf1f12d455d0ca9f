/**
 * Back-in-stock alerts: a pharmacy user asks to hear when a sold-out product is back, and gets one
 * e-mail when its stock leaves sold out, whichever way it changes (the back office's editor, the
 * ERP's batches, the CSV import). Every path that changes stock calls `sendBackInStockAlerts` in its
 * own transaction: the claim and the outbox rows commit with the change, and a claimed alert is never
 * claimed again (docs/decisions/032-back-in-stock-mail-once.md).
 */
import { SHORTAGE_MESSAGES, type StockAlert } from '@botica/api-client/schemas';
import { stockStateOf } from '@botica/domain';
import { sql } from 'drizzle-orm';
import { type CoreContext, inTransaction } from '../core-context.ts';
import { selectRows } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { backInStockMail } from './back-in-stock-mail.ts';

interface ProductStockRow {
  id: number;
  stock_units: number;
  stock_expected_on: string | null;
}

/**
 * An active product's stock, locked against a concurrent stock change until the transaction ends
 * (`for share`): an alert is then either seen by the change's claim or refused as not sold out.
 */
async function productStock(
  context: CoreContext,
  productId: number,
  lock: boolean,
): Promise<ProductStockRow> {
  const [row] = await selectRows<ProductStockRow>(
    context.db,
    sql`select id, stock_units, stock_expected_on::text as stock_expected_on
          from products where id = ${productId} and is_active ${lock ? sql`for share` : sql``}`,
  );
  if (!row) throw new HttpError(404, SHORTAGE_MESSAGES.productNotFound);
  return row;
}

async function openSince(context: CoreContext, userId: number, productId: number): Promise<string | null> {
  const [row] = await selectRows<{ created_at: Date | string }>(
    context.db,
    sql`select created_at from stock_alerts
          where user_id = ${userId} and product_id = ${productId} and notified_at is null`,
  );
  return row ? new Date(row.created_at).toISOString() : null;
}

function answer(product: ProductStockRow, subscribedAt: string | null): StockAlert {
  const stock = stockStateOf(product.stock_units);
  return {
    product_id: product.id,
    stock,
    expected_on: stock === 'out_of_stock' ? product.stock_expected_on : null,
    subscribed_at: subscribedAt,
  };
}

/**
 * A product's availability and the user's open alert.
 * @throws HttpError 404 for an unknown or withdrawn product.
 */
export async function stockAlertOf(
  context: CoreContext,
  userId: number,
  productId: number,
): Promise<StockAlert> {
  const product = await productStock(context, productId, false);
  return answer(product, await openSince(context, userId, productId));
}

/**
 * Opens the user's alert on a sold-out product (asking twice keeps the first).
 * @throws HttpError 404 unknown or withdrawn product, 422 a product that is not sold out.
 */
export async function subscribeStockAlert(
  context: CoreContext,
  userId: number,
  productId: number,
): Promise<StockAlert> {
  return inTransaction(context, async (tx) => {
    const product = await productStock(tx, productId, true);
    if (stockStateOf(product.stock_units) !== 'out_of_stock')
      throw new HttpError(422, SHORTAGE_MESSAGES.notSoldOut, { product: [SHORTAGE_MESSAGES.notSoldOut] });
    await tx.db.execute(sql`insert into stock_alerts (user_id, product_id, created_at)
        values (${userId}, ${productId}, ${tx.now()})
        on conflict (user_id, product_id) where notified_at is null do nothing`);
    return answer(product, await openSince(tx, userId, productId));
  });
}

/**
 * Cancels the user's open alert, if any.
 * @throws HttpError 404 for an unknown or withdrawn product.
 */
export async function cancelStockAlert(
  context: CoreContext,
  userId: number,
  productId: number,
): Promise<StockAlert> {
  return inTransaction(context, async (tx) => {
    const product = await productStock(tx, productId, false);
    await tx.db.execute(sql`delete from stock_alerts
        where user_id = ${userId} and product_id = ${productId} and notified_at is null`);
    return answer(product, null);
  });
}

interface ClaimedRow {
  id: number;
  product_id: number;
  name: string;
  format: string;
  reference: string;
  user_name: string;
  email: string | null;
  is_active: boolean;
}

/**
 * Claims every open alert whose product is active and no longer sold out and writes one e-mail per
 * claimed alert into the outbox, in the caller's transaction (call it inside the transaction that
 * changed the stock, after the change). The claim locks the alerts in id order and sets
 * `notified_at` only where it is still null, so of two transactions that both see a product back,
 * the second waits for the first and finds nothing left: one e-mail per alert. A deactivated user's
 * (or pharmacy's) alert is closed without a message. Returns the number of e-mails written.
 */
export async function sendBackInStockAlerts(tx: CoreContext): Promise<number> {
  const now = tx.now();
  const claimed = await selectRows<ClaimedRow>(
    tx.db,
    sql`with due as (
          select a.id from stock_alerts a join products p on p.id = a.product_id
            where a.notified_at is null and p.stock_units > 0 and p.is_active
            order by a.id for update of a
        ), claimed as (
          update stock_alerts a set notified_at = ${now}
            from due where a.id = due.id and a.notified_at is null
            returning a.id, a.user_id, a.product_id
        )
        select c.id, c.product_id, p.name, p.format, p.reference, u.name as user_name,
               coalesce(u.email, cl.email) as email, (u.is_active and coalesce(cl.is_active, true)) as is_active
          from claimed c join products p on p.id = c.product_id join users u on u.id = c.user_id
          left join clients cl on cl.id = u.client_id
          order by c.id`,
  );
  const origin = tx.settings.portalUrl || `http://localhost:${String(tx.settings.port)}`;
  let written = 0;
  for (const row of claimed) {
    if (!row.is_active || !row.email) continue;
    await enqueueMail(
      tx,
      backInStockMail({
        laboratory: tx.settings.laboratory,
        origin,
        to: row.email,
        userName: row.user_name,
        product: { id: row.product_id, name: row.name, format: row.format, reference: row.reference },
      }),
    );
    written += 1;
  }
  return written;
}
