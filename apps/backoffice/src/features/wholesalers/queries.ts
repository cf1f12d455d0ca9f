/** The wholesalers' queries and changes, from their endpoint definitions. */
import {
  type PharmacyWholesalersResponse,
  type WholesalerCreateRequest,
  wholesalers,
} from '@botica/api-client/admin';
import { endpointKey, endpointQuery } from '@botica/app-shell';
import type { QueryClient } from '@tanstack/react-query';
import { adminApi } from '../../shared/api.ts';

/** `GET /api/v1/admin/wholesalers`: the laboratory's wholesalers. */
export const wholesalerList = endpointQuery(wholesalers.list, () => adminApi.wholesalers.list());

/** `GET /api/v1/admin/pharmacies/{id}/wholesalers`: those a pharmacy sends transfer orders through. */
export const pharmacyWholesalerList = endpointQuery(wholesalers.ofPharmacy, (id: string) =>
  adminApi.wholesalers.ofPharmacy(id),
);

/** `POST /api/v1/admin/wholesalers`; the list is asked again. */
export function createWholesalerMutation(queryClient: QueryClient) {
  return {
    mutationFn: (body: WholesalerCreateRequest) => adminApi.wholesalers.create(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKey(wholesalers.list) }),
  };
}

/** `DELETE /api/v1/admin/wholesalers/{id}`; every list is asked again. */
export function removeWholesalerMutation(queryClient: QueryClient) {
  return {
    mutationFn: (id: number) => adminApi.wholesalers.remove(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: endpointKey(wholesalers.list) }),
  };
}

/** After a change of a pharmacy's list: its section shows the server's answer; the counts are asked again. */
function afterPharmacyChange(queryClient: QueryClient, id: string, answer: PharmacyWholesalersResponse) {
  queryClient.setQueryData(pharmacyWholesalerList(id).queryKey, answer);
  void queryClient.invalidateQueries({ queryKey: endpointKey(wholesalers.list) });
}

/** `PUT /api/v1/admin/pharmacies/{id}/wholesalers/{wholesalerId}`: adds it with a customer number. */
export function addPharmacyWholesalerMutation(queryClient: QueryClient, id: string) {
  return {
    mutationFn: ({ wholesalerId, customerNumber }: { wholesalerId: number; customerNumber: string }) =>
      adminApi.wholesalers.setForPharmacy(id, wholesalerId, { customer_number: customerNumber || null }),
    onSuccess: (answer: PharmacyWholesalersResponse) => afterPharmacyChange(queryClient, id, answer),
  };
}

/** `DELETE /api/v1/admin/pharmacies/{id}/wholesalers/{wholesalerId}`. */
export function removePharmacyWholesalerMutation(queryClient: QueryClient, id: string) {
  return {
    mutationFn: (wholesalerId: number) => adminApi.wholesalers.removeFromPharmacy(id, wholesalerId),
    onSuccess: (answer: PharmacyWholesalersResponse) => afterPharmacyChange(queryClient, id, answer),
  };
}
