/**
 * @botica/api-client: every endpoint of Botica's /api/v1 contract, on ky 2, each answer parsed with
 * its zod schema and every failure one `ApiError`. The wire schemas are on the
 * `@botica/api-client/schemas` entry.
 * @packageDocumentation
 */
export type { ApiErrorKind } from './api-error.ts';
export { ApiError, isApiError } from './api-error.ts';
export type {
  ApiClient,
  ApiClientOptions,
  CallGroups,
  EndpointCall,
  EndpointInput,
  EndpointResult,
  IdempotentCallOptions,
} from './client.ts';
export { createApiClient, createEndpointClient } from './client.ts';
export { CookieJar } from './cookie-jar.ts';
export { ErrorBodySchema } from './schemas/index.ts';
export { toSearchParams } from './search-params.ts';
