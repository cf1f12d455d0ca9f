/**
 * Heavy requests (the search box, the catalogue's filtered listings) in flight per client. On the
 * embedded database every statement runs one after another (and within the call that starts it), so
 * one pharmacy firing many searches at once would make every other pharmacy's light requests wait
 * behind all of them. Each client (its pharmacy,
 * else its user, else its address) may have `HEAVY_REQUESTS_PER_CLIENT` of them running in this
 * process; one more is answered 429 at once, before any statement. Per process: each instance (and
 * each worker) has its own slots, as it has its own share of the database's work.
 */
import type { FastifyRequest } from 'fastify';
import { HttpError, statusMessage } from './errors.ts';

/** Who a heavy request is counted against. */
function clientKey(request: FastifyRequest): string {
  const user = request.session?.user;
  if (user?.clientId != null) return `client:${user.clientId}`;
  if (user) return `user:${user.id}`;
  return `address:${request.clientAddress}`;
}

/** The slots of heavy requests per client; one per app. */
export class HeavyRequests {
  readonly #limit: number;
  readonly #running = new Map<string, number>();

  constructor(limitPerClient: number) {
    this.#limit = limitPerClient;
  }

  /**
   * Runs `handle` in one of the client's slots.
   * @throws HttpError 429 with `Retry-After: 1` when the client's slots are all taken.
   */
  async run<T>(request: FastifyRequest, handle: () => Promise<T>): Promise<T> {
    const key = clientKey(request);
    const running = this.#running.get(key) ?? 0;
    if (running >= this.#limit) {
      request.server.metrics.heavyRequestRefused(request);
      throw new HttpError(429, statusMessage(429), undefined, { 'retry-after': '1' });
    }
    this.#running.set(key, running + 1);
    try {
      // The embedded database runs a statement within the call that starts it, so a request would
      // otherwise run to its end before the next one is even read: let every request that has
      // arrived take (or be refused) its slot, and the light ones be served, before the heavy work.
      await new Promise((resolve) => setImmediate(resolve));
      return await handle();
    } finally {
      const left = (this.#running.get(key) ?? 1) - 1;
      if (left <= 0) this.#running.delete(key);
      else this.#running.set(key, left);
    }
  }
}
