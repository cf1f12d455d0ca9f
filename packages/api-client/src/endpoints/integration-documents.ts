/**
 * The ERP's documents into Botica (scope `documents`): an order's status changes, its shipments, its
 * invoices and refunds, and a document's own PDF.
 */
import { defineEndpoint } from '../endpoint.ts';
import {
  IntegrationInvoiceParamsSchema,
  IntegrationInvoiceRequestSchema,
  IntegrationInvoiceResponseSchema,
  IntegrationOrderStatusRequestSchema,
  IntegrationOrderStatusResponseSchema,
  IntegrationShipmentRequestSchema,
  IntegrationShipmentResponseSchema,
} from '../schemas/integration-documents.ts';
import { idParams } from './path-params.ts';

/** The ERP's documents: status changes, shipments, invoices and refunds. */
export const erpDocuments = {
  orderStatus: defineEndpoint({
    method: 'POST',
    path: '/api/v1/integration/orders/{id}/status',
    access: 'integration',
    scope: 'documents',
    params: idParams('id'),
    body: IntegrationOrderStatusRequestSchema,
    response: IntegrationOrderStatusResponseSchema,
  }),
  shipment: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/integration/shipments',
    access: 'integration',
    scope: 'documents',
    body: IntegrationShipmentRequestSchema,
    response: IntegrationShipmentResponseSchema,
    alsoStatus: 201,
  }),
  invoice: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/integration/invoices',
    access: 'integration',
    scope: 'documents',
    body: IntegrationInvoiceRequestSchema,
    response: IntegrationInvoiceResponseSchema,
    alsoStatus: 201,
  }),
  invoicePdf: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/integration/invoices/{series}/{number}/pdf',
    access: 'integration',
    scope: 'documents',
    params: IntegrationInvoiceParamsSchema,
    upload: { accept: ['application/pdf'] },
    response: IntegrationInvoiceResponseSchema,
  }),
};
