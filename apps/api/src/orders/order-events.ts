/**
 * What the ERP's webhooks say of an order (src/webhooks/): enough to name it and its pharmacy, where
 * it goes and the wholesaler of a transfer order (as the feed has them); the ERP reads the whole
 * order from the integration feed. Written in the transaction of the change.
 */
import type { WebhookEvent } from '@botica/api-client/admin';
import { centsToEuros } from '@botica/domain';
import { sql } from 'drizzle-orm';
import type { CoreContext } from '../context.ts';
import { selectRows } from '../db/database.ts';
import { deliveryOnWire, orderDeliverySql, transferOnWire } from '../delivery/delivery-service.ts';
import { enqueueWebhookEvent } from '../webhooks/webhooks-service.ts';

/** Writes `type` for the order `orderId`, as it stands in the transaction `tx`. */
export async function enqueueOrderEvent(
  tx: CoreContext,
  type: Extract<WebhookEvent, 'order.placed' | 'order.cancelled'>,
  orderId: number,
): Promise<void> {
  // The pharmacy is read in the accounts module's `clients`.
  const [order] = await selectRows<{
    id: number;
    number: string;
    status: string;
    total_cents: number;
    created_at: Date | string;
    client_id: number;
    tax_id: string;
    name: string;
    lines: number | string;
    delivery: unknown;
    transfer: unknown;
  }>(
    tx.db,
    sql`select o.id, o.number, o.status, o.total_cents, o.created_at, c.id as client_id, c.tax_id, c.name,
          (select count(*) from order_lines l where l.order_id = o.id) as lines,
          ${orderDeliverySql} as delivery, o.transfer
        from orders o join clients c on c.id = o.client_id
        where o.id = ${orderId}`,
  );
  if (!order) throw new Error(`the order ${orderId} is not there for its event`);
  await enqueueWebhookEvent(tx, type, {
    id: order.id,
    number: order.number,
    pharmacy: { id: order.client_id, tax_id: order.tax_id, name: order.name },
    placed_at: new Date(order.created_at).toISOString(),
    status: order.status,
    total: centsToEuros(order.total_cents),
    lines_count: Number(order.lines),
    delivery: deliveryOnWire(order.delivery),
    transfer: transferOnWire(order.transfer),
  });
}
