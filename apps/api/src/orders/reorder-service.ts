/**
 * `POST /api/v1/clients/{clientId}/orders/{orderId}/reorder`: an order's lines back in the cart.
 *
 * The order's quantities are added to what the open cart holds (a product already there keeps its
 * place; a new one goes last). Products no longer sold are skipped and listed; a line over the most
 * one line may hold (`QUANTITY_MAX`) is cut to it and listed. The result is saved as any cart save
 * (`saveCart`): priced again with the client's current conditions, refused with 406 over the monthly
 * cap (and then nothing is written). The save is conditional on the version of the cart that was
 * read, so a change made meanwhile in another tab is never overwritten: the merge is made again on
 * the newer cart.
 */
import type { AdjustedLine, Cart, SkippedLine } from '@botica/api-client/schemas';
import { MAX_CART_LINES } from '@botica/api-client/schemas';
import { QUANTITY_MAX } from '@botica/domain';
import { sql } from 'drizzle-orm';
import { type LineRequest, readCart, STALE_CART_MESSAGE, saveCart } from '../cart/cart-service.ts';
import type { CoreContext } from '../context.ts';
import { selectRows } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';

/** What a reorder answers. */
export interface ReorderResult {
  cart: Cart;
  skipped: SkippedLine[];
  adjusted: AdjustedLine[];
}

interface OrderedLine {
  product_id: number;
  reference: string;
  name: string;
  quantity: number;
  is_active: boolean | null;
}

const ORDER_NOT_FOUND = 'El pedido no existe.';
const ATTEMPTS = 3;

/** The merge of the cart's lines and the order's, pure: what to save and what to tell. */
export function mergeLines(
  cartLines: readonly LineRequest[],
  ordered: readonly OrderedLine[],
  isActive: (productId: number) => boolean,
): { lines: LineRequest[]; skipped: SkippedLine[]; adjusted: AdjustedLine[] } {
  const lines = cartLines.map((line) => ({ ...line }));
  const skipped: SkippedLine[] = [];
  const adjusted: AdjustedLine[] = [];
  for (const line of ordered) {
    if (!isActive(line.product_id)) {
      const already = skipped.find((entry) => entry.product_id === line.product_id);
      if (already) already.quantity += line.quantity;
      else
        skipped.push({
          product_id: line.product_id,
          reference: line.reference,
          name: line.name,
          quantity: line.quantity,
        });
      continue;
    }
    const inCart = lines.find((entry) => entry.id === line.product_id);
    const requested = (inCart?.quantity ?? 0) + line.quantity;
    const quantity = Math.min(requested, QUANTITY_MAX);
    if (inCart) inCart.quantity = quantity;
    else lines.push({ id: line.product_id, quantity });
    if (requested > quantity) {
      const entry = adjusted.find((item) => item.product_id === line.product_id);
      if (entry) entry.requested = requested;
      else
        adjusted.push({
          product_id: line.product_id,
          reference: line.reference,
          name: line.name,
          requested,
          quantity,
        });
    }
  }
  return { lines, skipped, adjusted };
}

/** Puts the order's lines in the client's cart; 404 when the client has no such order. */
export async function reorder(
  context: CoreContext,
  { clientId, orderId }: { clientId: number; orderId: number },
): Promise<ReorderResult> {
  // The products' `is_active` is read in the catalogue module's table, joined to the order's lines.
  const ordered = await selectRows<OrderedLine>(
    context.db,
    sql`select l.product_id, l.reference, l.name, l.quantity, p.is_active
        from orders o join order_lines l on l.order_id = o.id left join products p on p.id = l.product_id
        where o.id = ${orderId} and o.client_id = ${clientId}
        order by l.position`,
  );
  if (ordered.length === 0) throw new HttpError(404, ORDER_NOT_FOUND);
  for (let attempt = 1; ; attempt += 1) {
    const cart = await readCart(context, clientId);
    const cartLines = (cart?.items ?? []).map((item) => ({ id: item.product.id, quantity: item.quantity }));
    const ids = [
      ...new Set([...cartLines.map((line) => line.id), ...ordered.map((line) => line.product_id)]),
    ];
    // Which of them are still sold: the catalogue module's `products`.
    const active = new Set(
      (
        await selectRows<{ id: number }>(
          context.db,
          sql`select id from products where is_active and id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        )
      ).map((row) => row.id),
    );
    // A product withdrawn since it was put in the cart would make the save fail: it leaves too.
    const kept = cartLines.filter((line) => active.has(line.id));
    const withdrawn: OrderedLine[] = (cart?.items ?? [])
      .filter((item) => !active.has(item.product.id))
      .map((item) => ({
        product_id: item.product.id,
        reference: item.product.reference,
        name: item.product.name,
        quantity: item.quantity,
        is_active: false,
      }));
    const merged = mergeLines(kept, [...withdrawn, ...ordered], (id) => active.has(id));
    if (merged.lines.length > MAX_CART_LINES) {
      const message = `Tu pedido no puede tener más de ${MAX_CART_LINES} productos.`;
      throw new HttpError(422, message, { products: [message] });
    }
    try {
      const saved = await saveCart(context, {
        clientId,
        lines: merged.lines,
        expectedVersion: cart?.version ?? 0,
      });
      return { cart: saved, skipped: merged.skipped, adjusted: merged.adjusted };
    } catch (error) {
      // The cart moved on since it was read: merge again on the newer one.
      const stale =
        error instanceof HttpError && error.status === 409 && error.message === STALE_CART_MESSAGE;
      if (!stale || attempt >= ATTEMPTS) throw error;
    }
  }
}
