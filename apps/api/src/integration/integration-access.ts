/**
 * The integration area's door (`/api/v1/integration/…`): every call carries an API key in
 * `Authorization: Bearer`; the session layer leaves these paths alone (no cookie is read, no CSRF
 * token asked), so a browser's session can never call them. In order, before the route: the key (401
 * missing, unknown or revoked), the key's rate per minute (429, counted in the database so every
 * instance counts into the same window). The route adapter then checks the endpoint's scope (403).
 * As the answer leaves, the call is logged against its key.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INTEGRATION_PATH } from '../auth/sessions.ts';
import type { CoreContext } from '../core-context.ts';
import { HttpError } from '../http/errors.ts';
import { MISSING_API_KEY } from '../http/guards.ts';
import type { RateLimiter } from '../http/rate-limit.ts';
import { keyOfSecret, recordIntegrationCall } from './api-keys-service.ts';

const REVOKED_KEY = 'Esta clave de API se ha revocado. Pide una nueva al laboratorio.';

/**
 * Whether a request is for the integration area: by the path asked, never by the route matched (an
 * unknown path under the area may match the portal's catch-all page route, and must still need a key).
 */
export function isIntegrationCall(request: FastifyRequest): boolean {
  return INTEGRATION_PATH.test(request.url);
}

/** The bearer token of a request, or undefined. */
function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/** Installs the door: after the session layer (which skips these paths), before every route. */
export function installIntegrationAccess(
  app: FastifyInstance,
  context: CoreContext & { limiter: RateLimiter },
): void {
  app.decorateRequest('integrationKey', null);
  app.addHook('onRequest', async (request) => {
    if (!isIntegrationCall(request)) return;
    const secret = bearer(request);
    const key = secret === undefined ? null : await keyOfSecret(context, secret);
    if (key === 'revoked') throw new HttpError(401, REVOKED_KEY);
    if (key === null) throw new HttpError(401, MISSING_API_KEY);
    request.integrationKey = key;
    await context.limiter.attempt('integration', [
      { scope: 'key', key: String(key.id), limit: key.ratePerMinute, windowSeconds: 60 },
    ]);
  });
  app.addHook('onResponse', async (request, reply) => {
    const key = request.integrationKey;
    if (!key) return;
    try {
      await recordIntegrationCall(context, {
        keyId: key.id,
        method: request.method,
        path: request.routeOptions.url ?? request.url.split('?')[0] ?? '',
        status: reply.statusCode,
        durationMs: reply.elapsedTime,
        requestId: request.id,
      });
    } catch (error) {
      request.log.error({ err: error, keyId: key.id }, 'integration: the call was not logged');
    }
  });
}
