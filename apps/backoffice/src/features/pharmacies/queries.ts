/** The pharmacies' queries and changes, from their endpoint definitions. */
import {
  type AdminPharmaciesQuery,
  type AdminPharmacyResponse,
  type AdminPharmacyUpdateRequest,
  lookups,
  pharmacies,
} from '@botica/api-client/admin';
import { endpointKey, endpointQuery } from '@botica/app-shell';
import type { QueryClient } from '@tanstack/react-query';
import { adminApi } from '../../shared/api.ts';

/** `GET /api/v1/admin/pharmacies`: a page of the pharmacies a search finds (a sales rep: his only). */
export const pharmacyList = endpointQuery(pharmacies.list, (query: AdminPharmaciesQuery) =>
  adminApi.pharmacies.list(query),
);

/** `GET /api/v1/admin/pharmacies/{id}`: one pharmacy, whole. */
export const pharmacyDetail = endpointQuery(pharmacies.get, (id: string) => adminApi.pharmacies.get(id));

/** `GET /api/v1/admin/sales-reps`: the reps of the filter and of the conditions' form. */
export const salesRepList = endpointQuery(lookups.salesReps, () => adminApi.lookups.salesReps());

/** `GET /api/v1/admin/discount-groups`: the discount groups of the filter and of the conditions' form. */
export const discountGroupList = endpointQuery(lookups.discountGroups, () =>
  adminApi.lookups.discountGroups(),
);

/** After a change of a pharmacy: its page shows the server's answer, every list is asked again. */
function afterChange(queryClient: QueryClient, id: string, answer?: AdminPharmacyResponse) {
  if (answer) queryClient.setQueryData(pharmacyDetail(id).queryKey, answer);
  else void queryClient.invalidateQueries({ queryKey: endpointKey(pharmacies.get, id) });
  void queryClient.invalidateQueries({ queryKey: endpointKey(pharmacies.list) });
}

/** `PATCH /api/v1/admin/pharmacies/{id}`: its discount group, sales rep or recargo de equivalencia. */
export function conditionsMutation(queryClient: QueryClient, id: string) {
  return {
    mutationFn: (body: AdminPharmacyUpdateRequest) => adminApi.pharmacies.update(id, body),
    onSuccess: (answer: AdminPharmacyResponse) => afterChange(queryClient, id, answer),
  };
}

/** What the admin does to one of the pharmacy's users. */
export type UserAction = 'deactivate' | 'activate' | 'invite' | 'end-sessions';

/** One action on one user: the call, then the pharmacy's page asked again (its users' state). */
export function userActionMutation(queryClient: QueryClient, id: string, userId: number) {
  return {
    mutationFn: async (action: UserAction): Promise<void> => {
      if (action === 'deactivate' || action === 'activate') {
        await adminApi.pharmacies.updateUser(id, userId, { is_active: action === 'activate' });
      } else if (action === 'invite') {
        await adminApi.pharmacies.sendInvitation(id, userId);
      } else {
        await adminApi.pharmacies.endSessions(id, userId);
      }
    },
    onSettled: () => afterChange(queryClient, id),
  };
}
