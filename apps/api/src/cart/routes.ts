/**
 * The cart's transport: `cart.get` (204 without one) and `cart.save`. Both run with the session the
 * process remembers and their statement re-checks it (src/auth/sessions.ts, docs/decisions/026): when
 * that check fails, or before any refusal, the session is read as on every other request.
 */
import { cart } from '@botica/api-client/endpoints';
import type { FastifyInstance } from 'fastify';
import { SessionNotConfirmed } from '../auth/sessions.ts';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import { HttpError } from '../http/errors.ts';
import { requireClient } from '../http/guards.ts';
import { PricingMemory, readCart, saveCart } from './cart-service.ts';

export function registerCartRoutes(app: FastifyInstance, context: RouteContext): void {
  const memory = new PricingMemory();
  context.sessions.checkInStatement(cart.get);
  route(app, cart.get, async ({ request }) =>
    context.sessions.inStatement(request, (sessionCheck) =>
      readCart(context, requireClient(request).clientId, sessionCheck),
    ),
  );

  context.sessions.checkInStatement(cart.save);
  route(app, cart.save, async ({ body, user, request }) => {
    const save = (clientId: number) =>
      saveCart(context, {
        clientId,
        lines: body.products,
        memory,
        expectedVersion: body.version,
        sessionCheck: context.sessions.sessionCheckValues(request.sessionCheck),
      });
    let saved: Awaited<ReturnType<typeof saveCart>>;
    try {
      saved = await save(user.clientId);
    } catch (error) {
      const refused = error instanceof SessionNotConfirmed || error instanceof HttpError;
      if (request.sessionCheck === null || !refused) throw error;
      // A remembered session answers nothing the database has not confirmed: read it (419 when it
      // is gone), then answer the refusal, or save again for the user it names now.
      await context.sessions.reread(request);
      if (!(error instanceof SessionNotConfirmed)) throw error;
      saved = await save(requireClient(request).clientId);
    }
    request.server.metrics.cartSaved();
    return saved;
  });
}
