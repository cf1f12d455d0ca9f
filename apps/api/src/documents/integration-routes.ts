/**
 * The ERP's documents into Botica (`/api/v1/integration/…`, scope `documents`): an order's status
 * changes, its shipments, its invoices and refunds, and a document's own PDF. Every change is audited
 * under the key's name (`API: <key>`).
 */
import { erpDocuments } from '@botica/api-client/integration';
import type { FastifyInstance } from 'fastify';
import { portalOrigin } from '../accounts/links.ts';
import type { RouteContext } from '../context.ts';
import { route, withStatus } from '../http/endpoint-route.ts';
import { integrationActor } from '../integration/api-keys-service.ts';
import {
  changeOrderStatusFromErp,
  storeErpInvoicePdf,
  upsertErpInvoice,
  upsertErpShipment,
} from './erp-documents-service.ts';

export function registerIntegrationDocumentRoutes(app: FastifyInstance, context: RouteContext): void {
  route(app, erpDocuments.orderStatus, async ({ params, body, integration }) => ({
    data: await changeOrderStatusFromErp(
      context,
      { orderId: params.id, status: body.status, at: body.at, note: body.note },
      integrationActor(integration),
    ),
  }));

  route(app, erpDocuments.shipment, async ({ body, integration, request }) => {
    const data = await upsertErpShipment(context, body, {
      actor: integrationActor(integration),
      portalOrigin: portalOrigin(context.settings, request),
    });
    return withStatus(data.result === 'created' ? 201 : 200, { data });
  });

  route(app, erpDocuments.invoice, async ({ body, integration, request }) => {
    const { created, data } = await upsertErpInvoice(context, body, {
      actor: integrationActor(integration),
      portalOrigin: portalOrigin(context.settings, request),
    });
    return withStatus(created ? 201 : 200, { data });
  });

  route(
    app,
    erpDocuments.invoicePdf,
    async ({ params, body, integration }) => ({
      data: await storeErpInvoicePdf(context, params, body, integrationActor(integration)),
    }),
    { bodyLimit: context.settings.trainingPdfMaxBytes },
  );
}
