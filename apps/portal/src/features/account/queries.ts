/**
 * The account pages' server state: query options from the endpoint definitions (one cache entry per
 * endpoint, ids and query), and the changes the pages make, which write the server's answer into
 * the cache.
 */
import { portalEndpoints } from '@botica/api-client/endpoints';
import type { SubUser, SubUserCreateRequest } from '@botica/api-client/schemas';
import { endpointKey, endpointQuery } from '@botica/app-shell';
import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api.ts';

const { account, documents, orders } = portalEndpoints;

/** The pharmacy (its data, its sales rep and sales administration). */
export const clientQuery = endpointQuery(account.client, api.account.client);
/** The pharmacy's shops. */
export const shopsQuery = endpointQuery(account.shops, api.account.shops);
/** The pharmacy's discount group. */
export const discountQuery = endpointQuery(account.discount, api.account.discount);
/** The pharmacy's sub-users. */
export const subUsersQuery = endpointQuery(account.users, api.account.users);
/** A page of the pharmacy's web orders. */
export const orderListQuery = endpointQuery(orders.list, api.orders.list);
/** One order with its shipments, invoices, refunds and timeline. */
export const orderQuery = endpointQuery(orders.get, api.orders.get);
/** A page of the pharmacy's invoices. */
export const invoicesQuery = endpointQuery(documents.invoices, api.documents.invoices);
/** A page of the pharmacy's refunds. */
export const refundsQuery = endpointQuery(documents.refunds, api.documents.refunds);
/** A page of the ERP's shipments. */
export const shipmentsQuery = endpointQuery(documents.shipments, api.documents.shipments);

/**
 * What a sent order changes in the account's pages: the orders' lists and the documents that
 * follow them. The checkout calls it, so PEDIDOS WEB shows the new order at once.
 */
export function invalidateOrders(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: endpointKey(orders.list) });
}

/** A sub-user the dialog created or changed, into the pharmacy's list as the server answered it. */
export function putSubUser(queryClient: QueryClient, clientId: number, user: SubUser): void {
  queryClient.setQueryData(subUsersQuery(clientId).queryKey, (list) => {
    if (list === undefined) return list;
    const isNew = !list.data.some((item) => item.id === user.id);
    return {
      ...list,
      data: isNew ? [...list.data, user] : list.data.map((item) => (item.id === user.id ? user : item)),
    };
  });
}

/** Creates a sub-user, or changes one; the server's answer goes into the pharmacy's list. */
export function saveSubUserMutation(queryClient: QueryClient, clientId: number) {
  return mutationOptions({
    mutationFn: ({ userId, fields }: { userId?: number | undefined; fields: SubUserCreateRequest }) =>
      userId === undefined
        ? api.account.createUser(clientId, fields)
        : api.account.updateUser(clientId, userId, fields),
    onSuccess: (saved) => putSubUser(queryClient, clientId, saved.data),
  });
}

/** Changes the logged-in user's password; the server answers with the message to show. */
export function changePasswordMutation() {
  return mutationOptions({
    mutationFn: (body: Parameters<typeof api.account.changePassword>[0]) => api.account.changePassword(body),
  });
}

/** Deletes a sub-user; once the server has, the user leaves the pharmacy's list. */
export function deleteSubUserMutation(queryClient: QueryClient, clientId: number) {
  return mutationOptions({
    mutationFn: (userId: number) => api.account.deleteUser(clientId, userId),
    onSuccess: (_answer, userId) =>
      queryClient.setQueryData(subUsersQuery(clientId).queryKey, (list) =>
        list === undefined ? list : { ...list, data: list.data.filter((item) => item.id !== userId) },
      ),
  });
}
