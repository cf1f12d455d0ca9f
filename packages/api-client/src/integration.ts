/**
 * @botica/api-client/integration: the integration area of Botica's API (`/api/v1/integration/…`), for
 * the laboratory's ERP and other machine clients: its endpoint definitions, their schemas and a client
 * that authenticates with an API key (no cookies, no CSRF token). A separate entry, so neither
 * frontend loads it.
 * @packageDocumentation
 */
import { type ApiClientOptions, type CallGroups, createEndpointClient } from './client.ts';
import { integrationEndpoints } from './endpoints/integration.ts';

export type { IdempotentCallOptions } from './client.ts';
export type { IntegrationScope } from './endpoint.ts';
export { INTEGRATION_SCOPES } from './endpoint.ts';
export { connection, integrationEndpoints } from './endpoints/integration.ts';
export { products, stock } from './endpoints/integration-catalogue.ts';
export { integrationDocs } from './endpoints/integration-docs.ts';
export { erpDocuments } from './endpoints/integration-documents.ts';
export { orderFeed } from './endpoints/integration-orders.ts';
export { pharmacies, prices } from './endpoints/integration-pharmacies.ts';
export type { IntegrationMeResponse } from './schemas/integration.ts';
export { IntegrationMeResponseSchema, IntegrationScopeSchema } from './schemas/integration.ts';
export type { BatchItemError, BatchResult, BatchTotals } from './schemas/integration-batch.ts';
export { BATCH_MAX_ITEMS, batchAnswerSchema, batchRequestSchema } from './schemas/integration-batch.ts';
export type {
  BatchResponse,
  ItemError,
  ItemResult,
  ProductItem,
  ProductsUpsertRequest,
  StockItem,
  StockUpdateRequest,
} from './schemas/integration-catalogue.ts';
export {
  BatchResponseSchema,
  INTEGRATION_BATCH_MAX_ITEMS,
  INTEGRATION_ITEM_MESSAGES,
  ItemErrorSchema,
  ProductItemSchema,
  ProductsUpsertRequestSchema,
  StockItemSchema,
  StockUpdateRequestSchema,
} from './schemas/integration-catalogue.ts';
export type {
  IntegrationInvoiceRequest,
  IntegrationInvoiceResponse,
  IntegrationOrderStatusRequest,
  IntegrationOrderStatusResponse,
  IntegrationShipmentRequest,
  IntegrationShipmentResponse,
} from './schemas/integration-documents.ts';
export {
  IntegrationInvoiceRequestSchema,
  IntegrationOrderStatusRequestSchema,
  IntegrationShipmentRequestSchema,
} from './schemas/integration-documents.ts';
export type {
  IntegrationOrder,
  IntegrationOrderResponse,
  OrderFeedQuery,
  OrderFeedResponse,
} from './schemas/integration-orders.ts';
export {
  BAD_FEED_CURSOR,
  IntegrationOrderResponseSchema,
  IntegrationOrderSchema,
  ORDER_FEED_DEFAULT_LIMIT,
  ORDER_FEED_MAX_LIMIT,
  OrderFeedQuerySchema,
  OrderFeedResponseSchema,
} from './schemas/integration-orders.ts';
export type {
  IntegrationDiscountGroup,
  IntegrationPharmacy,
  IntegrationSalesRep,
  IntegrationShop,
  IntegrationSpecialPrice,
} from './schemas/integration-pharmacies.ts';
export { INTEGRATION_PHARMACY_MESSAGES } from './schemas/integration-pharmacies.ts';

/** A client of the integration area. */
export type IntegrationClient = CallGroups<typeof integrationEndpoints>;

/** What `createIntegrationClient` takes: where the API is, and the key. */
export interface IntegrationClientOptions extends Pick<ApiClientOptions, 'baseUrl' | 'timeout' | 'fetch'> {
  /** The API key (`bk_…`), sent as `Authorization: Bearer`. */
  apiKey: string;
}

/**
 * Creates a client of the integration area, authenticated by an API key.
 * @example
 * const erp = createIntegrationClient({ baseUrl: 'https://botica.example', apiKey: process.env.BOTICA_KEY });
 * const { data } = await erp.connection.me();
 */
export function createIntegrationClient(options: IntegrationClientOptions): IntegrationClient {
  return createEndpointClient(integrationEndpoints, { ...options, apiKey: options.apiKey });
}
