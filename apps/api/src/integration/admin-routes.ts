/**
 * The back office's API keys (`/api/v1/admin/api-keys…`), for the laboratory's admins: the list with
 * each key's last day of calls, a new key (its secret in this answer only), a revocation, and a key's
 * log of calls. The service audits each change.
 */
import { type AdminApiKey, API_KEY_CALLS_PER_PAGE, apiKeys } from '@botica/api-client/admin';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../auth/session-user.ts';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import { pageMeta } from '../http/page-meta.ts';
import {
  type ApiKeySummary,
  createApiKey,
  keyCalls,
  listApiKeysWithActivity,
  revokeApiKey,
} from './api-keys-service.ts';

const actorOf = (user: SessionUser) => ({ id: user.id, username: user.username });

function wireKey(key: ApiKeySummary, activity = { calls24h: 0, failed24h: 0 }): AdminApiKey {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes,
    rate_per_minute: key.ratePerMinute,
    created_at: key.createdAt.toISOString(),
    created_by: key.createdBy,
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    revoked_at: key.revokedAt?.toISOString() ?? null,
    revoked_by: key.revokedBy,
    calls_24h: activity.calls24h,
    failed_24h: activity.failed24h,
  };
}

export function registerAdminIntegrationRoutes(app: FastifyInstance, context: RouteContext): void {
  route(app, apiKeys.list, async () => ({
    data: (await listApiKeysWithActivity(context)).map((key) => wireKey(key, key)),
  }));

  route(app, apiKeys.create, async ({ body, user }) => {
    const { key, secret } = await createApiKey(
      context,
      { name: body.name, scopes: body.scopes, ratePerMinute: body.rate_per_minute },
      actorOf(user),
    );
    return { data: wireKey(key), secret };
  });

  route(app, apiKeys.revoke, async ({ params, user }) => {
    await revokeApiKey(context, params.id, actorOf(user));
    const [listed] = await listApiKeysWithActivity(context, { id: params.id });
    if (!listed) throw new Error('the revoked key vanished');
    return { data: wireKey(listed, listed) };
  });

  route(app, apiKeys.calls, async ({ params, query }) => {
    const page = query.page ?? 1;
    const { rows, total } = await keyCalls(context, params.id, page);
    return {
      data: rows.map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        method: row.method,
        path: row.path,
        status: row.status,
        duration_ms: row.durationMs,
        request_id: row.requestId,
      })),
      meta: pageMeta(page, API_KEY_CALLS_PER_PAGE, total),
    };
  });
}
