/** The registration requests' queries and decisions, from their endpoint definitions. */
import { registrations } from '@botica/api-client/admin';
import { endpointKey, endpointQuery } from '@botica/app-shell';
import type { QueryClient } from '@tanstack/react-query';
import { adminApi } from '../../shared/api.ts';

/** `GET /api/v1/admin/registrations`: the pending requests (the default), or all of them. */
export const registrationList = endpointQuery(registrations.list, adminApi.registrations.list);

/** What the staff decide on a request: approve it, or reject it with the reason the applicant is sent. */
export type Decision = { kind: 'approve' } | { kind: 'reject'; reason: string };

/**
 * A decision's mutation: the call, then every list of requests asked again (the decided one leaves
 * the pending list, whoever else decided meanwhile shows too).
 */
export function decisionMutation(queryClient: QueryClient, id: number) {
  return {
    mutationFn: (decision: Decision) =>
      decision.kind === 'approve'
        ? adminApi.registrations.approve(id)
        : adminApi.registrations.reject(id, { reason: decision.reason }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: endpointKey(registrations.list) }),
  };
}
