/** The audit log's query, from its endpoint definition. */
import { audit } from '@botica/api-client/admin';
import { endpointQuery } from '@botica/app-shell';
import { adminApi } from '../../shared/api.ts';

/** `GET /api/v1/admin/audit`: a page of the log, narrowed by the filters. */
export const auditList = endpointQuery(audit.list, adminApi.audit.list);

/** `GET /api/v1/admin/audit/actors`: who appears in the log, for its person filter. */
export const auditActorList = endpointQuery(audit.actors, adminApi.audit.actors);
