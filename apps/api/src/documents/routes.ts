/**
 * The account's documents: an order's detail and timeline, the ERP's shipments, the invoices and
 * refunds, and their PDFs.
 *
 * - `orders.get`: the order (from the orders module) with its documents
 * - `documents.shipments`, `documents.invoices`, `documents.refunds`: pages, newest first
 * - `documents.pdf` (`{token}{year}.pdf`): the PDF of an invoice or refund of the session's own
 *   client. An unknown token, a wrong year and another client's document are one and the same 404,
 *   so the answer never tells whether a document exists.
 */
import { documents, orders } from '@botica/api-client/endpoints';
import type { InvoicesQuery } from '@botica/api-client/schemas';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import { HttpError } from '../http/errors.ts';
import { pageMeta } from '../http/page-meta.ts';
import { documentPdf, listInvoices, listRefunds, listShipments, orderDetail } from './documents-service.ts';

const DOCUMENT_NOT_FOUND = 'El documento no existe.';

/** The page, size and filters of the invoices' and refunds' lists. */
function invoicesQuery(query: InvoicesQuery) {
  return {
    page: query.page ?? 1,
    perPage: query.per_page ?? 10,
    filter: { from: query.from, to: query.to, number: query.number },
  };
}

export function registerDocumentRoutes(app: FastifyInstance, context: RouteContext): void {
  route(app, orders.get, async ({ params, user }) => {
    // Every main user sees the order's invoices and refunds; a sub-user only with the permission.
    const detail = await orderDetail(context, { ...params, withInvoices: user.canViewInvoices });
    if (!detail) throw new HttpError(404, 'El pedido no existe.');
    return { data: detail };
  });

  route(app, documents.shipments, async ({ params, query }) => {
    const page = query.page ?? 1;
    const perPage = query.per_page ?? 10;
    const { items, total } = await listShipments(context, { clientId: params.clientId, page, perPage });
    return { data: items, meta: pageMeta(page, perPage, total) };
  });

  route(app, documents.invoices, async ({ params, query }) => {
    const { page, perPage, filter } = invoicesQuery(query);
    const { items, total } = await listInvoices(context, {
      clientId: params.clientId,
      page,
      perPage,
      filter,
    });
    return { data: items, meta: pageMeta(page, perPage, total) };
  });

  route(app, documents.refunds, async ({ params, query }) => {
    const { page, perPage, filter } = invoicesQuery(query);
    const { items, total } = await listRefunds(context, { clientId: params.clientId, page, perPage, filter });
    return { data: items, meta: pageMeta(page, perPage, total) };
  });

  route(app, documents.pdf, async ({ params, user, reply }) => {
    const document = await documentPdf(context, { clientId: user.clientId, file: params.file });
    if (!document) throw new HttpError(404, DOCUMENT_NOT_FOUND);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${document.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(document.pdf);
  });
}
