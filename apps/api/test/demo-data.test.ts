/**
 * Demo data only when asked: demo accounts have a public password, so a production start on an empty
 * database never seeds them; `npm start` asks for them (`--demo`, here `DEMO_DATA=on`).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../src/testing/postgres-server.ts';
import { type ServerProcess, serving, startServerProcess } from '../src/testing/server-process.ts';

async function start(demo: 'on' | 'off'): Promise<{ server: ServerProcess; base: string }> {
  const port = await freePort();
  const server = startServerProcess({
    PORT: String(port),
    DATA_DIR: 'memory://',
    DEMO_DATA: demo,
    SEED_PRODUCTS: '50',
  });
  await serving(server);
  return { server, base: `http://127.0.0.1:${port}` };
}

/** Logs farmacia.demo in over HTTP, as a browser would: the CSRF cookie first. */
async function demoLogin(base: string): Promise<number> {
  const csrf = await fetch(`${base}/sanctum/csrf-cookie`);
  const cookies = csrf.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  const token = decodeURIComponent(
    cookies.find((cookie) => cookie?.startsWith('XSRF-TOKEN='))?.slice(11) ?? '',
  );
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookies.join('; '), 'x-xsrf-token': token },
    body: JSON.stringify({ username: 'farmacia.demo', password: 'Botica2026' }),
  });
  return login.status;
}

describe('the demo data', () => {
  let running: ServerProcess | undefined;
  afterEach(() => {
    running?.child.kill('SIGTERM');
    running = undefined;
  });

  it('is never seeded unless asked: an empty database stays empty and ready', async () => {
    const { server, base } = await start('off');
    running = server;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    expect(await demoLogin(base)).toBe(422);
    expect(server.output()).toContain('No demo data');
  });

  it('is seeded into an empty database when asked', async () => {
    const { server, base } = await start('on');
    running = server;
    expect(await demoLogin(base)).toBe(200);
  });
});
