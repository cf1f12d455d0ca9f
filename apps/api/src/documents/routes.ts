/**
 * The account's documents (issue 17): an order's detail and timeline, its reorder, the ERP's
 * shipments, the invoices and refunds, and their PDFs.
 *
 * - `GET /api/v1/clients/{clientId}/orders/{orderId}`
 * - `POST /api/v1/clients/{clientId}/orders/{orderId}/reorder`
 * - `GET /api/v1/clients/{clientId}/erp_shipments?page=n`
 * - `GET /api/v1/clients/{clientId}/invoices?page=n&from=&to=&number=`
 * - `GET /api/v1/driver/customers/clients/{clientId}/refunds?page=n&from=&to=&number=`
 * - `GET /api/v1/documents/{token}{year}.pdf`: the PDF of an invoice or refund of the session's own
 *   client. An unknown token, a wrong year and another client's document are one and the same 404,
 *   so the answer never tells whether a document exists.
 */
import {
  DocumentsQuerySchema,
  ErpShipmentsResponseSchema,
  InvoicesQuerySchema,
  InvoicesResponseSchema,
  OrderDetailResponseSchema,
  RefundsResponseSchema,
  ReorderRequestSchema,
  ReorderResponseSchema,
} from '@botica/api-client/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionUser } from '../auth/sessions.ts';
import type { AppContext } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { requireOwnClient, requirePermission } from '../http/guards.ts';
import { output, parse, pathId } from '../http/validation.ts';
import {
  documentAmounts,
  findDocumentForPdf,
  listInvoices,
  listRefunds,
  listShipments,
  orderDetail,
  PDF_FILE,
  pageMeta,
} from './documents-service.ts';
import { pdfFileName, renderInvoicePdf } from './invoice-pdf.ts';
import { reorder } from './reorder.ts';

const DOCUMENT_NOT_FOUND = 'El documento no existe.';

/** Whether the user may see invoices and refunds (every main user; a sub-user given the permission). */
function mayViewInvoices(user: SessionUser): boolean {
  return user.canViewInvoices;
}

/** As `requireOwnClient` (403 for another client), and the user may see invoices (else 403). */
function requireInvoices(request: FastifyRequest, clientId: number): SessionUser & { clientId: number } {
  requireOwnClient(request, clientId);
  return requirePermission(request, 'can_view_invoices');
}

function pagination(query: unknown): { page: number; perPage: number } {
  const parsed = parse(DocumentsQuerySchema, query);
  return { page: parsed.page ?? 1, perPage: parsed.per_page ?? 10 };
}

/** The page, size and filters of the invoices' and refunds' lists. */
function invoicesQuery(query: unknown) {
  const parsed = parse(InvoicesQuerySchema, query);
  return {
    page: parsed.page ?? 1,
    perPage: parsed.per_page ?? 10,
    filter: { from: parsed.from, to: parsed.to, number: parsed.number },
  };
}

export function registerDocumentRoutes(app: FastifyInstance, context: AppContext): void {
  app.get('/api/v1/clients/:clientId/orders/:orderId', async (request) => {
    const params = request.params as { clientId: string; orderId: string };
    const clientId = pathId(params.clientId);
    const user = requireOwnClient(request, clientId);
    const orderId = pathId(params.orderId);
    const detail = await orderDetail(context, clientId, orderId, mayViewInvoices(user));
    if (!detail) throw new HttpError(404, 'El pedido no existe.');
    return output(OrderDetailResponseSchema, { data: detail });
  });

  app.post('/api/v1/clients/:clientId/orders/:orderId/reorder', async (request) => {
    const params = request.params as { clientId: string; orderId: string };
    const clientId = pathId(params.clientId);
    requireOwnClient(request, clientId);
    const orderId = pathId(params.orderId);
    parse(ReorderRequestSchema, request.body ?? {});
    const result = await reorder(context, clientId, orderId);
    return output(ReorderResponseSchema, {
      data: result.cart,
      skipped: result.skipped,
      adjusted: result.adjusted,
    });
  });

  app.get('/api/v1/clients/:clientId/erp_shipments', async (request) => {
    const clientId = pathId((request.params as { clientId: string }).clientId);
    requireOwnClient(request, clientId);
    const { page, perPage } = pagination(request.query);
    const { items, total } = await listShipments(context, clientId, page, perPage);
    return output(ErpShipmentsResponseSchema, { data: items, meta: pageMeta(page, perPage, total) });
  });

  app.get('/api/v1/clients/:clientId/invoices', async (request) => {
    const clientId = pathId((request.params as { clientId: string }).clientId);
    requireInvoices(request, clientId);
    const { page, perPage, filter } = invoicesQuery(request.query);
    const { items, total } = await listInvoices(context, clientId, page, perPage, filter);
    return output(InvoicesResponseSchema, { data: items, meta: pageMeta(page, perPage, total) });
  });

  app.get('/api/v1/driver/customers/clients/:clientId/refunds', async (request) => {
    const clientId = pathId((request.params as { clientId: string }).clientId);
    requireInvoices(request, clientId);
    const { page, perPage, filter } = invoicesQuery(request.query);
    const { items, total } = await listRefunds(context, clientId, page, perPage, filter);
    return output(RefundsResponseSchema, { data: items, meta: pageMeta(page, perPage, total) });
  });

  app.get('/api/v1/documents/:file', async (request, reply) => {
    const file = (request.params as { file: string }).file;
    const user = requirePermission(request, 'can_view_invoices');
    const match = PDF_FILE.exec(file);
    if (!match) throw new HttpError(404, DOCUMENT_NOT_FOUND);
    const row = await findDocumentForPdf(context, user.clientId, match[1] as string, Number(match[2]));
    if (!row) throw new HttpError(404, DOCUMENT_NOT_FOUND);
    const amounts = documentAmounts(row);
    const pdf = await renderInvoicePdf(
      {
        kind: row.kind,
        number: row.number,
        issuedAt: new Date(row.issued_at),
        orderNumber: row.order_number,
        corrects:
          row.corrects_number && row.corrects_issued_at
            ? { number: row.corrects_number, issuedAt: new Date(row.corrects_issued_at) }
            : undefined,
        reason: row.reason ?? undefined,
        customer: amounts.customer,
        lines: amounts.lines,
        priceCents: row.price_cents,
        discountCents: row.discount_cents,
        taxCents: row.tax_cents,
        totalCents: row.total_cents,
        discounts: amounts.discounts,
        taxes: amounts.taxes,
        recargoEquivalencia: row.recargo_equivalencia,
        surcharges: amounts.surcharges,
      },
      context.settings.identity,
    );
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${pdfFileName(row.kind, row.number)}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
