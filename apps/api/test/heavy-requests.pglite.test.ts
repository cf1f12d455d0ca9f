/**
 * One pharmacy cannot slow every other down: a client's heavy requests (the search box, the
 * catalogue's filtered listings) beyond `HEAVY_REQUESTS_PER_CLIENT` in flight are answered 429 at
 * once, before any statement, while other clients are served as usual.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo-data/index.ts';
import { statusMessage } from '../src/http/errors.ts';
import { startTestServer, type TestServer } from '../src/testing/test-server.ts';
import { InjectSession } from './session.ts';

describe('heavy requests per client', () => {
  let server: TestServer;
  let heavyClient: InjectSession;
  let other: InjectSession;

  beforeAll(async () => {
    server = await startTestServer('pglite', {
      listen: false,
      products: 300,
      settings: { heavyRequestsPerClient: 2 },
    });
    heavyClient = new InjectSession(server.app);
    other = new InjectSession(server.app);
    expect((await heavyClient.login(DEMO_ACCOUNTS.norte)).statusCode).toBe(200);
    expect((await other.login(DEMO_ACCOUNTS.demo)).statusCode).toBe(200);
    await heavyClient.csrf();
    await other.csrf();
  });
  afterAll(() => server?.close());

  const search = (session: InjectSession, index: number) =>
    session.request('POST', '/api/v1/search', {
      // At the documented bounds: a 100-character query of misspelt words (the typo-tolerant path).
      payload: {
        query: `manzanila tomilo eqinacea valeriana pasiflora ${index} `.repeat(3).slice(0, 100),
        page: 0,
      },
    });
  const listing = (session: InjectSession) =>
    session.request('POST', '/api/v1/products/search', { payload: { text: 'infusion', per_page: 48 } });

  it('answers a client’s 8 parallel searches 2 at a time and 429 beyond, other clients unaffected', async () => {
    const started = performance.now();
    const flood = Promise.all([
      ...Array.from({ length: 6 }, (_, index) => search(heavyClient, index)),
      listing(heavyClient),
      listing(heavyClient),
    ]);
    const light: number[] = [];
    const othersSearch = search(other, 99);
    for (let index = 0; index < 5; index += 1) {
      const before = performance.now();
      expect((await other.request('GET', '/api/v1/user')).statusCode).toBe(200);
      light.push(performance.now() - before);
    }
    const answers = await flood;
    const statuses = answers.map((answer) => answer.statusCode);
    console.info(
      `[heavy requests] 8 parallel from one client: ${JSON.stringify(statuses)} in ${Math.round(performance.now() - started)} ms;`,
      `another client's light requests (ms): ${light.map(Math.round).join(', ')}`,
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
    for (const answer of answers.filter((candidate) => candidate.statusCode === 429)) {
      expect(answer.json()).toEqual({ message: statusMessage(429) });
      expect(answer.headers['retry-after']).toBe('1');
    }
    expect((await othersSearch).statusCode).toBe(200);
    // The slots are given back: the client searches again once its searches are done.
    expect((await search(heavyClient, 7)).statusCode).toBe(200);
  });
});
