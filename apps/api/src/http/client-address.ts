/**
 * The client's address, read once when the request arrives (after the trusted proxies,
 * `TRUST_PROXY`). Fastify's `request.ip` reads the socket each time, and a socket the client has
 * closed has no address any more: read later (after a database round trip) it is `undefined`, and a
 * statement built from it would be malformed. Every limit, session and log takes `clientAddress`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The client's address as the trusted proxies saw it; never empty. */
    clientAddress: string;
  }
}

/** The address of a request, or undefined when its client has already hung up. */
export function readClientAddress(request: FastifyRequest): string | undefined {
  const ip: unknown = request.ip;
  return typeof ip === 'string' && ip !== '' ? ip : undefined;
}

/**
 * Sets `request.clientAddress` in the first request hook. A request whose client is already gone
 * is not handled: its socket is closed, nothing is run for it and nothing is logged above debug.
 */
export function installClientAddress(app: FastifyInstance): void {
  app.decorateRequest('clientAddress', '');
  app.addHook('onRequest', (request, reply, done) => {
    const address = readClientAddress(request);
    if (address !== undefined) {
      request.clientAddress = address;
      done();
      return;
    }
    request.log.debug('client hung up before its request was handled');
    reply.hijack();
    request.raw.destroy();
    // The reply is taken over: Fastify runs nothing more for this request.
    done();
  });
}
