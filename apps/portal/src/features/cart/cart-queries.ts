/**
 * The cart's entries in the server-state cache, keyed as every feature keys an endpoint
 * (`endpointKey`): the cart (`cart.get`, null when the server has no open cart), the order rules'
 * configuration and this month's purchases. The cart's sync (cart.atoms.ts) is the one writer of the
 * cart's entry: what a load reads, and the cart every save, reorder and checkout answers with.
 */
import { portalEndpoints } from '@botica/api-client/endpoints';
import type { Cart } from '@botica/api-client/schemas';
import { endpointKey } from '@botica/app-shell';
import type { ConfigurationPair } from '@botica/domain';
import type { QueryClient } from '@tanstack/react-query';
import { fromServer, newerCart } from './cart-changes.ts';

/** The cart's key: what `GET /api/v1/cart` answered (null: no open cart). */
export const CART_KEY = endpointKey(portalEndpoints.cart.get);

/** The laboratory's configuration (the order rules among it), as `GET /api/v1/configurations` answers it. */
export const CONFIGURATIONS_KEY = endpointKey(portalEndpoints.configurations.list);

/** This month's purchases of a client, as `GET /api/v1/clients/{clientId}/monthly-purchases` answers them. */
export const monthlyPurchasesKey = (clientId: number) =>
  endpointKey(portalEndpoints.cart.monthlyPurchases, clientId);

/** The answer of the configurations' endpoint. */
export interface ConfigurationsAnswer {
  data: ConfigurationPair[];
}

/** The answer of the monthly purchases' endpoint. */
export interface MonthlyPurchasesAnswer {
  data: { spent: number };
}

/**
 * Reads the cart into the cache. A save or reorder acknowledged while this read was on its way wrote
 * a newer cart than the one read: that one stays. The cart's own retries (409, a reload after a
 * failure) decide what to do with a failed read, so it is not retried here.
 */
export function fetchCartInto(
  queryClient: QueryClient,
  fetchCart: () => Promise<Cart | null>,
): Promise<Cart | null> {
  return queryClient.fetchQuery({
    queryKey: CART_KEY,
    staleTime: 0,
    retry: false,
    // A read that cannot go out fails and says so, as the cart's other calls do.
    networkMode: 'always',
    queryFn: async () => {
      const startedAt = Date.now();
      const read = await fetchCart();
      const state = queryClient.getQueryState<Cart | null>(CART_KEY);
      const written = state?.data;
      if (written === undefined || state === undefined || state.dataUpdatedAt < startedAt) return read;
      const kept = fromServer(written);
      return newerCart(kept, fromServer(read)) === kept ? written : read;
    },
  });
}

/** The cart in the cache: undefined until a read has answered (or after one failed), null when there is no open cart. */
export function cachedCart(queryClient: QueryClient): Cart | null | undefined {
  return queryClient.getQueryData<Cart | null>(CART_KEY);
}

/** Whether an entry of the cache is one of the cart's (the cart, the configuration, the month's purchases). */
export function isCartEntry(queryKey: readonly unknown[]): boolean {
  const [method, path] = queryKey;
  return (
    method === 'GET' &&
    (path === CART_KEY[1] || path === CONFIGURATIONS_KEY[1] || path === monthlyPurchasesKey(0)[1])
  );
}
