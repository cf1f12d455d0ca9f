/** The API keys' queries and changes, from their endpoint definitions. */
import { type AdminApiKeyCreateRequest, apiKeys } from '@botica/api-client/admin';
import { endpointKey, endpointQuery } from '@botica/app-shell';
import type { QueryClient } from '@tanstack/react-query';
import { adminApi } from '../../shared/api.ts';

/** `GET /api/v1/admin/api-keys`: every key, newest first, with its last day of calls. */
export const apiKeyList = endpointQuery(apiKeys.list, () => adminApi.apiKeys.list());

/** `GET /api/v1/admin/api-keys/{id}/calls`: a page of one key's calls, newest first. */
export const apiKeyCalls = endpointQuery(apiKeys.calls, (id: string, query: { page?: number }) =>
  adminApi.apiKeys.calls(id, query),
);

/** A new key: the answer (with the secret, this once) goes to the caller; the list is asked again. */
export function createKeyMutation(queryClient: QueryClient) {
  return {
    mutationFn: (request: AdminApiKeyCreateRequest) => adminApi.apiKeys.create(request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: endpointKey(apiKeys.list) }),
  };
}

/** A revocation: the list is asked again (the key's state, whoever else changed it meanwhile). */
export function revokeKeyMutation(queryClient: QueryClient) {
  return {
    mutationFn: (id: number) => adminApi.apiKeys.revoke(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: endpointKey(apiKeys.list) }),
  };
}
