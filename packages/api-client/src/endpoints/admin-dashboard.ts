/** The back office's dashboard: the figures of the staff member's home, one request. */
import { defineEndpoint } from '../endpoint.ts';
import { DashboardResponseSchema } from '../schemas/admin-dashboard.ts';

/** The dashboard's figures, narrowed to a sales rep's pharmacies for a rep. */
export const dashboard = {
  show: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/dashboard',
    access: 'staff',
    response: DashboardResponseSchema,
  }),
};
