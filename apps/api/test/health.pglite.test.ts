/**
 * `/healthz` is the process's liveness: it answers 200 without the database, even to a request that
 * carries a logged-in session's cookie (a load balancer or a browser tab that kept one), whose session
 * would otherwise be read from the database first.
 * `/readyz` is a 503 then, with its message, never cached.
 */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import { testSettings } from '../src/settings/settings.ts';
import { insertFixture } from '../src/testing/fixtures.ts';
import { InjectSession } from './session.ts';

describe('/healthz', () => {
  it('answers 200 with a session cookie while the database is gone', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    await insertFixture(database.db);
    const app = await buildApp({ db: database.db, settings: testSettings(), now: () => new Date() });
    await app.ready();
    const session = new InjectSession(app);
    expect((await session.login('farmacia.demo')).statusCode).toBe(200);
    expect((await session.request('GET', '/healthz')).statusCode).toBe(200);

    await database.close();
    // The session's own read now fails: the database is gone.
    expect((await session.request('GET', '/api/v1/user')).statusCode).toBeGreaterThanOrEqual(500);
    const health = await session.request('GET', '/healthz');
    expect(health.statusCode, health.body).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    await app.close().catch(() => {});
  });

  it('answers /readyz 503 with a Spanish message, never cached, while the database is gone', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    const app = await buildApp({ db: database.db, settings: testSettings(), now: () => new Date() });
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    await database.close();
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode, ready.body).toBe(503);
    expect(ready.json()).toEqual({ message: 'La base de datos no responde.' });
    expect(ready.headers['cache-control']).toBe('no-store');
    await app.close().catch(() => {});
  });
});
