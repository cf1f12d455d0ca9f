/** The audit log's transport: `GET /api/v1/admin/audit` and its actors, for the laboratory's staff. */
import { audit } from '@botica/api-client/admin';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import { pageMeta } from '../http/page-meta.ts';
import { AUDIT_PAGE_SIZE, auditActors, listAudit } from './audit-service.ts';

export function registerAuditRoutes(app: FastifyInstance, context: RouteContext): void {
  route(app, audit.list, async ({ query }) => {
    const page = query.page ?? 1;
    const { rows, total } = await listAudit(
      context,
      {
        userId: query.user_id,
        objectType: query.object_type,
        objectId: query.object_id,
        from: query.from,
        to: query.to,
      },
      page,
    );
    return {
      data: rows.map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        user:
          row.userId !== null && row.username !== null ? { id: row.userId, username: row.username } : null,
        action: row.action,
        object_type: row.objectType,
        object_id: row.objectId,
        before: row.before,
        after: row.after,
      })),
      meta: pageMeta(page, AUDIT_PAGE_SIZE, total),
    };
  });

  route(app, audit.actors, async () => ({ data: await auditActors(context) }));
}
