/** A sold-out product's server state: the user's back-in-stock alert and the products offered instead. */
import { portalEndpoints } from '@botica/api-client/endpoints';
import type { StockAlertResponse } from '@botica/api-client/schemas';
import { endpointQuery } from '@botica/app-shell';
import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api.ts';

const { shortage } = portalEndpoints;

/** A product's availability (its expected day) and the user's alert. */
export const stockAlertQuery = endpointQuery(shortage.stockAlert, api.shortage.stockAlert);
/** What may replace a sold-out product. */
export const substitutesQuery = endpointQuery(shortage.substitutes, api.shortage.substitutes);

/** Opens (`true`) or cancels the alert; the server's answer becomes the alert's cached state. */
export function stockAlertMutation(queryClient: QueryClient, productId: number) {
  return mutationOptions({
    mutationFn: (subscribe: boolean): Promise<StockAlertResponse> =>
      subscribe ? api.shortage.subscribe(productId) : api.shortage.cancel(productId),
    onSuccess: (answer) => queryClient.setQueryData(stockAlertQuery(productId).queryKey, answer),
  });
}
