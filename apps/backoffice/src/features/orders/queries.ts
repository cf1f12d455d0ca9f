/** The orders' queries and status changes, from their endpoint definitions. */
import { toSearchParams } from '@botica/api-client';
import { adminOrders, lookups, pharmacies } from '@botica/api-client/admin';
import { endpointKey, endpointQuery } from '@botica/app-shell';
import type { QueryClient } from '@tanstack/react-query';
import { adminApi } from '../../shared/api.ts';
import type { OrdersQuery } from './filters.ts';
import type { OrderStatus } from './order-status.ts';

/** `GET /api/v1/admin/orders`: a page of the orders the filters pick, newest first. */
export const orderList = endpointQuery(adminOrders.list, adminApi.adminOrders.list);

/** `GET /api/v1/admin/orders/{id}`: one order with its lines, amounts, history and next statuses. */
export const orderDetail = endpointQuery(adminOrders.get, adminApi.adminOrders.get);

/** `GET /api/v1/admin/sales-reps`: the sales reps, for the list's filter. */
export const salesRepList = endpointQuery(lookups.salesReps, adminApi.lookups.salesReps);

/** `GET /api/v1/admin/pharmacies/{id}`: the pharmacy a `client_id` link names. */
export const pharmacyDetail = endpointQuery(pharmacies.get, adminApi.pharmacies.get);

/** Where the CSV of the orders the filters pick is downloaded from (absolute: outside the router). */
export function exportHref(query: OrdersQuery, origin: string = window.location.origin): string {
  const search = toSearchParams(query).toString();
  return `${origin}${adminOrders.export.path}${search ? `?${search}` : ''}`;
}

/** A status change an admin asks for: the status, the one he saw, and a cancellation's reason. */
export interface StatusChange {
  status: OrderStatus;
  from_status: OrderStatus;
  reason?: string;
}

/**
 * A status change's mutation: the call, then the order's detail and every page of the list asked
 * again (whether it went through or someone else moved the order first).
 */
export function statusMutation(queryClient: QueryClient, id: number) {
  return {
    mutationFn: (change: StatusChange) => adminApi.adminOrders.changeStatus(id, change),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: endpointKey(adminOrders.get, id) }),
        queryClient.invalidateQueries({ queryKey: endpointKey(adminOrders.list) }),
      ]),
  };
}
