/**
 * One client cannot stall the others: a product search over the bounds of its lists and page is a
 * 422; a statement longer than `DB_STATEMENT_TIMEOUT_MS` is cancelled and answered 503 (PostgreSQL;
 * PGlite does not honour the setting); a socket that sends half a request and stalls is closed by the
 * server within `HEADERS_TIMEOUT_MS` / `REQUEST_TIMEOUT_MS`.
 */
import { connect } from 'node:net';
import {
  ErrorBodySchema,
  MAX_SEARCH_CATEGORIES,
  MAX_SEARCH_PAGE_SIZE,
  MAX_SEARCH_TAGS,
} from '@botica/api-client/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATEMENT_TIMEOUT_MESSAGE } from '../../src/http/errors.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

/**
 * Opens a socket, writes `sent`, then stalls; resolves with what the server answered and how long
 * after the connection it closed the socket (rejects if it is still open after `giveUpMs`).
 */
function stall(
  port: number,
  sent: string,
  giveUpMs: number,
): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1', () => socket.write(sent));
    const chunks: Buffer[] = [];
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept a stalled socket open for ${giveUpMs} ms`));
    }, giveUpMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({
        answer: Buffer.concat(chunks).toString('utf8'),
        closedAfterMs: Date.now() - started,
      });
    });
  });
}

function limitsSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`one client cannot stall the others on ${engine}`, () => {
    let server: TestServer;
    let session: InjectSession;

    beforeAll(async () => {
      server = await startTestServer(engine, {
        postgresUrl: postgresUrl(),
        data: 'fixture',
        settings: {
          // Long enough for the bounded searches below on a loaded CI machine, far below the sleep of 3 s.
          dbStatementTimeoutMs: 1_500,
          httpTimeouts: {
            headers: 400,
            request: 800,
            keepAlive: 5_000,
            connection: 0,
          },
        },
        extend: (app) => {
          // A statement that runs longer than the statement timeout.
          app.get('/api/v1/test/slow-statement', async () => {
            await server.database.db.execute(sql`select pg_sleep(3)`);
            return { done: true };
          });
        },
      });
      session = new InjectSession(server.app);
      await session.login('farmacia.demo');
    });
    afterAll(() => server?.close());

    it('a product search over the bounds of its lists or its page → 422 in Spanish', async () => {
      const within = await session.request('POST', '/api/v1/products/search', {
        payload: {
          categories: ids(MAX_SEARCH_CATEGORIES),
          tags: ids(MAX_SEARCH_TAGS),
          per_page: MAX_SEARCH_PAGE_SIZE,
        },
      });
      expect(within.statusCode).toBe(200);
      const cases = [
        [
          { categories: ids(100) },
          'categories',
          `Debe tener como máximo ${MAX_SEARCH_CATEGORIES} elementos.`,
        ],
        [{ tags: ids(100) }, 'tags', `Debe tener como máximo ${MAX_SEARCH_TAGS} elementos.`],
        [{ per_page: 100 }, 'per_page', `Debe ser como máximo ${MAX_SEARCH_PAGE_SIZE}.`],
      ] as const;
      for (const [payload, field, message] of cases) {
        const response = await session.request('POST', '/api/v1/products/search', { payload });
        expect(response.statusCode, field).toBe(422);
        const body = ErrorBodySchema.parse(response.json());
        expect(body.errors?.[field]).toEqual([message]);
      }
    });

    it.runIf(engine === 'postgres')(
      'a statement over the statement timeout → 503 { message } with Retry-After, and the server goes on',
      async () => {
        const started = Date.now();
        const response = await session.request('GET', '/api/v1/test/slow-statement');
        expect(Date.now() - started).toBeLessThan(2_500);
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        expect(response.json()).toEqual({
          message: STATEMENT_TIMEOUT_MESSAGE,
        });
        expect(server.logs.join('')).toContain('statement timeout: answered 503');
        const after = await session.request('GET', '/api/v1/user');
        expect(after.statusCode).toBe(200);
      },
    );

    it('a socket that sends half a request and stalls is closed within the timeouts', async () => {
      const port = Number(new URL(server.url).port);
      // Half the headers: closed after HEADERS_TIMEOUT_MS (400 ms; Node checks every 100 ms).
      const headers = await stall(port, 'GET /api/v1/tags HTTP/1.1\r\nHost: localhost\r\nX-Slow: ', 5_000);
      expect(headers.closedAfterMs).toBeLessThan(2_000);
      expect(headers.answer).toMatch(/^HTTP\/1.1 408 /);
      expect(headers.answer).toContain('"message":"La petición ha tardado demasiado en llegar."');
      // The headers but half the body: closed after REQUEST_TIMEOUT_MS (800 ms).
      const body = await stall(
        port,
        'POST /api/v1/products/search HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"per_page":',
        5_000,
      );
      expect(body.closedAfterMs).toBeLessThan(3_000);
      // Nothing at all after connecting: closed too.
      const silent = await stall(port, '', 5_000);
      expect(silent.closedAfterMs).toBeLessThan(3_000);
    });
  });
}

limitsSuite(projectEngine());
