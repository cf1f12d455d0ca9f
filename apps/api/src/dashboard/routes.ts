/** The dashboard's transport: `GET /api/v1/admin/dashboard` for the laboratory's staff. */
import { dashboard as dashboardEndpoints } from '@botica/api-client/admin';
import type { FastifyInstance } from 'fastify';
import { staffScope } from '../accounts/staff-scope.ts';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import { dashboard } from './dashboard-service.ts';

export function registerDashboardRoutes(app: FastifyInstance, context: RouteContext): void {
  route(app, dashboardEndpoints.show, ({ user }) => dashboard(context, staffScope(user)));
}
