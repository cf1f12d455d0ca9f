/**
 * @botica/api-client/endpoints: every endpoint of Botica's API defined once (method, path, schemas,
 * who may call it), for servers, other clients and tools.
 * @packageDocumentation
 */
export type {
  Access,
  Answer,
  Endpoint,
  EndpointDefinition,
  HttpMethod,
  IntegrationScope,
  PathParamNames,
  Upload,
} from '../endpoint.ts';
export {
  defineEndpoint,
  fillPath,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENT_REPLAYED_HEADER,
  INTEGRATION_SCOPES,
  pathParamNames,
  routerPath,
  successStatus,
} from '../endpoint.ts';
export { operations, operationsDocs } from './operations.ts';
export { ImageSizeSchema, idParams, PathIdSchema } from './path-params.ts';
export {
  access,
  account,
  auth,
  cart,
  catalogue,
  cms,
  configurations,
  documents,
  messages,
  orders,
  portalEndpoints,
  quickOrder,
  search,
  showcase,
  survey,
  training,
} from './portal.ts';
export { delivery } from './portal-delivery.ts';
export { portalDocs } from './portal-docs.ts';
export { purchases } from './portal-purchases.ts';
export { productTraining } from './product-training.ts';
export { shortage } from './shortage.ts';
