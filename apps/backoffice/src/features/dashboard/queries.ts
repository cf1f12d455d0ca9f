/** The dashboard's query, from its endpoint definition. */
import { dashboard } from '@botica/api-client/admin';
import { endpointQuery } from '@botica/app-shell';
import { adminApi } from '../../shared/api.ts';

/** `GET /api/v1/admin/dashboard`: the staff member's figures (his zone's, for a sales rep). */
export const dashboardQuery = endpointQuery(dashboard.show, adminApi.dashboard.show);
