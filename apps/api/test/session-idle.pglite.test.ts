/**
 * A session idle for longer than SESSION_IDLE_MINUTES ends, and an active one never does, even at the
 * shortest setting (1 minute): its last use is recorded often enough for the limit it must meet.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo-data/index.ts';
import { startTestServer, type TestServer } from '../src/testing/test-server.ts';
import { InjectSession } from './session.ts';

describe('SESSION_IDLE_MINUTES=1', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      listen: false,
      products: 50,
      settings: { sessionIdleMinutes: 1 },
    });
  });
  afterAll(() => server?.close());

  it('keeps a user who makes a request every 30 seconds, and ends the session after a minute idle', async () => {
    const start = Date.parse('2026-03-10T10:00:00Z');
    server.setNow(new Date(start));
    const session = new InjectSession(server.app);
    expect((await session.login(DEMO_ACCOUNTS.demo)).statusCode).toBe(200);
    for (let step = 1; step <= 8; step += 1) {
      server.setNow(new Date(start + step * 30_000));
      const answer = await session.request('GET', '/api/v1/user');
      expect(answer.statusCode, `after ${step * 30} s`).toBe(200);
    }
    server.setNow(new Date(start + 8 * 30_000 + 61_000));
    expect((await session.request('GET', '/api/v1/user')).statusCode).toBe(401);
  });
});
