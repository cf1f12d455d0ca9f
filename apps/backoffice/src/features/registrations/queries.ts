/** The registration requests' queries, from their endpoint definitions. */
import { registrations } from '@botica/api-client/admin';
import { endpointQuery } from '@botica/app-shell';
import { adminApi } from '../../shared/api.ts';

/** `GET /api/v1/admin/registrations`: the pending requests (the default), or all of them. */
export const registrationList = endpointQuery(registrations.list, adminApi.registrations.list);
