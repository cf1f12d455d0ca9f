/**
 * The account's documents: an order's detail and timeline, the ERP's shipments, the invoices and
 * refunds, and their PDFs.
 *
 * - `GET /api/v1/clients/{clientId}/orders/{orderId}`: the order (from the orders module) with its
 *   documents
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
} from '@botica/api-client/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionUser } from '../auth/sessions.ts';
import type { RouteContext } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { requireOwnClient, requirePermission } from '../http/guards.ts';
import { output, parse, pathId } from '../http/validation.ts';
import {
  documentPdf,
  listInvoices,
  listRefunds,
  listShipments,
  orderDetail,
  pageMeta,
} from './documents-service.ts';

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

export function registerDocumentRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get('/api/v1/clients/:clientId/orders/:orderId', async (request) => {
    const params = request.params as { clientId: string; orderId: string };
    const clientId = pathId(params.clientId);
    const user = requireOwnClient(request, clientId);
    const orderId = pathId(params.orderId);
    const detail = await orderDetail(context, { clientId, orderId, withInvoices: mayViewInvoices(user) });
    if (!detail) throw new HttpError(404, 'El pedido no existe.');
    return output(OrderDetailResponseSchema, { data: detail });
  });

  app.get('/api/v1/clients/:clientId/erp_shipments', async (request) => {
    const clientId = pathId((request.params as { clientId: string }).clientId);
    requireOwnClient(request, clientId);
    const { page, perPage } = pagination(request.query);
    const { items, total } = await listShipments(context, { clientId, page, perPage });
    return output(ErpShipmentsResponseSchema, { data: items, meta: pageMeta(page, perPage, total) });
  });

  app.get('/api/v1/clients/:clientId/invoices', async (request) => {
    const clientId = pathId((request.params as { clientId: string }).clientId);
    requireInvoices(request, clientId);
    const { page, perPage, filter } = invoicesQuery(request.query);
    const { items, total } = await listInvoices(context, { clientId, page, perPage, filter });
    return output(InvoicesResponseSchema, { data: items, meta: pageMeta(page, perPage, total) });
  });

  app.get('/api/v1/driver/customers/clients/:clientId/refunds', async (request) => {
    const clientId = pathId((request.params as { clientId: string }).clientId);
    requireInvoices(request, clientId);
    const { page, perPage, filter } = invoicesQuery(request.query);
    const { items, total } = await listRefunds(context, { clientId, page, perPage, filter });
    return output(RefundsResponseSchema, { data: items, meta: pageMeta(page, perPage, total) });
  });

  app.get('/api/v1/documents/:file', async (request, reply) => {
    const file = (request.params as { file: string }).file;
    const user = requirePermission(request, 'can_view_invoices');
    const document = await documentPdf(context, { clientId: user.clientId, file });
    if (!document) throw new HttpError(404, DOCUMENT_NOT_FOUND);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${document.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(document.pdf);
  });
}
