/**
 * Clients that hang up mid-request: 300 `GET /sanctum/csrf-cookie` whose sockets close while the
 * request waits on the database (the maintenance switch is read on every request here). None may
 * become a logged error: the client's address is read when the request arrives, never from a closed
 * socket, and no statement is built from a missing value.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/testing/test-database.ts';
import { startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { isUnavailable, postgresUrl } from '../helpers.ts';
import { projectEngine } from './engine.ts';

/** Sends a request and resets the connection `afterMs` later (0: as soon as it is written). */
function hangUp(port: number, afterMs: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write('GET /sanctum/csrf-cookie HTTP/1.1\r\nHost: localhost\r\n\r\n', () => {
        // A reset (RST), as a client that gives up does: the server's socket is gone at once.
        setTimeout(() => socket.resetAndDestroy(), afterMs);
      });
    });
    socket.on('close', () => resolve());
    socket.on('error', () => resolve());
  });
}

function hangUpSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`clients hanging up on ${engine}`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(engine, {
        postgresUrl: postgresUrl(),
        products: 50,
        settings: { csrfCookieLimitPerAddress: 10_000 },
      });
    });
    afterAll(() => server?.close());

    it('makes no logged error of 300 requests whose client hung up', async () => {
      const port = Number(new URL(server.url).port);
      await Promise.all(Array.from({ length: 300 }, (_, index) => hangUp(port, index % 3)));
      // Let the abandoned requests run to their end.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const errors = server.logs.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
      expect(errors, errors.slice(0, 2).join('\n')).toEqual([]);
      // And the server still answers.
      const answer = await fetch(`${server.url}/sanctum/csrf-cookie`);
      expect(answer.status).toBe(204);
    });
  });
}

hangUpSuite(projectEngine());
