/**
 * @botica/app-shell: what the portal and the back office share beyond components. Each export is
 * listed here by name.
 */
export { documentTitle, SiteNameProvider, useDocumentTitle } from './document-title.ts';
export { createQueryClient, retryWithoutAnswer, STALE_AFTER_MS } from './query/create-query-client.ts';
export type { DeferredQueryClient, QueryClientHostProps } from './query/deferred-query-client.ts';
export {
  deferQueryClient,
  QueryClientHost,
  queryClientContext,
  queryClientOf,
  queryRouterContext,
} from './query/deferred-query-client.ts';
export type { EndpointKey, EndpointKeyParams } from './query/endpoint-query.ts';
export { endpointKey, endpointQuery } from './query/endpoint-query.ts';
