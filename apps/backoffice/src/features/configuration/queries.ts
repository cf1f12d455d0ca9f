/** The configuration's query and changes, from their endpoint definitions. */
import { configuration, type OrderRulesRequest } from '@botica/api-client/admin';
import { endpointKey, endpointQuery } from '@botica/app-shell';
import type { QueryClient } from '@tanstack/react-query';
import { adminApi } from '../../shared/api.ts';

/** `GET /api/v1/admin/configuration`: the order rules and whether the portal is in maintenance. */
export const configurationQuery = endpointQuery(configuration.show, adminApi.configuration.show);

/** The server's answer becomes the configuration every screen (and the maintenance banner) reads. */
function settle(queryClient: QueryClient) {
  return () => queryClient.invalidateQueries({ queryKey: endpointKey(configuration.show) });
}

/** Saving both order rules, as typed. */
export function orderRulesMutation(queryClient: QueryClient) {
  return {
    mutationFn: (rules: OrderRulesRequest) => adminApi.configuration.orderRules(rules),
    onSettled: settle(queryClient),
  };
}

/** Turning the maintenance switch on or off. */
export function maintenanceMutation(queryClient: QueryClient) {
  return {
    mutationFn: (on: boolean) => adminApi.configuration.maintenance({ on }),
    onSettled: settle(queryClient),
  };
}
