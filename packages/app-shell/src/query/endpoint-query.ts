/**
 * Query options from the endpoint definitions: one key per endpoint and arguments, so a loader, a
 * component and a preload that read the same endpoint with the same ids and query share one entry
 * of the cache, and an invalidation can name an endpoint (or an endpoint for one id) as a whole.
 */
import type { Endpoint, HttpMethod } from '@botica/api-client/endpoints';
import { pathParamNames } from '@botica/api-client/endpoints';
import { queryOptions } from '@tanstack/react-query';

/** A path's ids as a key holds them: always strings, so a route's `'7'` and a component's `7` agree. */
export type EndpointKeyParams = Readonly<Record<string, string>>;

/**
 * The cache key of an endpoint's call: its method and path (as defined, `{clientId}` unfilled), the
 * path's ids by name, then the query or body, when there is one.
 */
export type EndpointKey =
  | readonly [method: HttpMethod, path: string, params: EndpointKeyParams]
  | readonly [method: HttpMethod, path: string, params: EndpointKeyParams, input: unknown];

/** A plain object of the payload without its undefined fields, or undefined for nothing to send. */
function keyInput(payload: unknown): unknown {
  if (payload === undefined || payload === null) return undefined;
  if (typeof payload !== 'object' || Array.isArray(payload)) return payload;
  const defined = Object.entries(payload).filter(([, value]) => value !== undefined);
  return defined.length === 0 ? undefined : Object.fromEntries(defined);
}

/**
 * The key of a call of `endpoint` with the arguments the derived client's function takes: the path's
 * ids in order, then the query or body. Fewer arguments give a prefix: `endpointKey(e)` matches every
 * call of the endpoint, `endpointKey(e, 7)` every call for the id 7, whatever its query.
 * @example
 * endpointKey(portalEndpoints.orders.list, 7, { page: 2 })
 * // ['GET', '/api/v1/clients/{clientId}/orders', { clientId: '7' }, { page: 2 }]
 * queryClient.invalidateQueries({ queryKey: endpointKey(portalEndpoints.orders.list) });
 */
export function endpointKey(endpoint: Endpoint, ...args: readonly unknown[]): EndpointKey {
  const names = pathParamNames(endpoint.path);
  const params: Record<string, string> = {};
  names.forEach((name, index) => {
    if (index < args.length) params[name] = String(args[index]);
  });
  const input = keyInput(args[names.length]);
  return input === undefined
    ? [endpoint.method, endpoint.path, params]
    : [endpoint.method, endpoint.path, params, input];
}

/**
 * The query options of an endpoint, as a function of the same arguments as its call on the derived
 * client (`createEndpointClient`, `createApiClient`): the key from {@link endpointKey}, the call as
 * the query function. Give each endpoint one call, so that one key always holds one shape of data.
 * @example
 * const orderList = endpointQuery(portalEndpoints.orders.list, api.orders.list);
 * // in a loader
 * await queryClient.ensureQueryData(orderList(clientId, { page }));
 * // in a component
 * const { data } = useSuspenseQuery(orderList(clientId, { page }));
 */
export function endpointQuery<Args extends readonly unknown[], Data>(
  endpoint: Endpoint,
  call: (...args: Args) => Promise<Data>,
) {
  return (...args: Args) =>
    queryOptions({
      queryKey: endpointKey(endpoint, ...args),
      queryFn: () => call(...args),
    });
}
