/**
 * A pharmacy's activity as the back office's pharmacy pages show it: when it last ordered, its latest
 * orders (the orders module's service) and its latest invoices and refunds, each with the back
 * office's PDF address. The accounts module takes it as its `PharmacyActivity` (it cannot call this
 * module: this one depends on it).
 */

import type { AdminPharmacyDocument } from '@botica/api-client/admin';
import { pharmacyDocuments } from '@botica/api-client/admin';
import { fillPath } from '@botica/api-client/endpoints';
import { sql } from 'drizzle-orm';
import type { PharmacyActivity } from '../accounts/admin-pharmacies-service.ts';
import type { CoreContext } from '../context.ts';
import { selectRows } from '../db/database.ts';
import { listOrders } from '../orders/orders-service.ts';
import { listInvoices, listRefunds } from './documents-service.ts';

/** How many of the latest orders a pharmacy's page shows. */
const LATEST_ORDERS = 10;
/** How many of the latest invoices, and of the latest refunds, a pharmacy's page shows. */
const LATEST_DOCUMENTS = 20;

/** The back office's address of a document's PDF (`GET /api/v1/admin/documents/{id}/pdf`). */
export function adminPdfUrl(publicUrl: string, id: number): string {
  return `${publicUrl}/${fillPath(pharmacyDocuments.pdf.path, { id })}`;
}

function documentSummary(
  publicUrl: string,
  document: { id: number; number: string; issued_at: string; total_price: number },
): AdminPharmacyDocument {
  return {
    id: document.id,
    number: document.number,
    issued_at: document.issued_at,
    total_price: document.total_price,
    pdf_url: adminPdfUrl(publicUrl, document.id),
  };
}

/** The pharmacies' activity, read from the orders and the documents. */
export const pharmacyActivity: PharmacyActivity = {
  async lastOrderDates(context: CoreContext, clientIds: readonly number[]) {
    if (clientIds.length === 0) return new Map();
    // One statement for a page of pharmacies, as the documents' lists read the orders' numbers.
    const rows = await selectRows<{ client_id: number; at: Date | string }>(
      context.db,
      sql`select client_id, max(created_at) as at from orders
          where client_id in (${sql.join(
            clientIds.map((id) => sql`${id}`),
            sql`, `,
          )})
          group by client_id`,
    );
    return new Map(rows.map((row) => [row.client_id, new Date(row.at).toISOString()]));
  },

  async recent(context: CoreContext, clientId: number) {
    const publicUrl = context.settings.publicUrl;
    const page = { clientId, page: 1 };
    const [orders, invoices, refunds] = await Promise.all([
      listOrders(context, { ...page, perPage: LATEST_ORDERS }),
      listInvoices(context, { ...page, perPage: LATEST_DOCUMENTS }),
      listRefunds(context, { ...page, perPage: LATEST_DOCUMENTS }),
    ]);
    return {
      latest_orders: orders.orders.map((order) => ({
        id: order.id,
        number: order.number,
        created_at: order.created_at,
        status: order.status,
        total_price: order.total_price,
      })),
      invoices: invoices.items.map((invoice) => documentSummary(publicUrl, invoice)),
      refunds: refunds.items.map((refund) => documentSummary(publicUrl, refund)),
    };
  },
};
