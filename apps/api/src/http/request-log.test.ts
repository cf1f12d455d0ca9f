import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InjectSession } from '../../test/session.ts';
import { FIXTURE_PASSWORD } from '../testing/fixtures.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { loggableUrl, prettyLogLine, REQUEST_LOG_MESSAGE } from './request-log.ts';

describe('loggableUrl', () => {
  it('hides the values of query parameters named like secrets, and keeps the rest', () => {
    expect(loggableUrl('/api/v1/products/12')).toBe('/api/v1/products/12');
    expect(loggableUrl('/reset-password?token=abc123&email=a%40b.es')).toBe(
      '/reset-password?token=[hidden]&email=a%40b.es',
    );
    expect(loggableUrl('/x?Password=1&api_key=2&sig=3&page=2&gama')).toBe(
      '/x?Password=[hidden]&api_key=[hidden]&sig=[hidden]&page=2&gama',
    );
  });
});

describe('prettyLogLine', () => {
  it('makes a request line short: time, method, URL, status, duration, request id', () => {
    const line = JSON.stringify({
      level: 30,
      time: Date.UTC(2026, 0, 5, 9, 4, 31),
      reqId: '5f2c1a9e-1111-2222-3333-444455556666',
      method: 'GET',
      url: '/api/v1/cart',
      status: 200,
      ms: 3.1,
      msg: REQUEST_LOG_MESSAGE,
    });
    expect(prettyLogLine(line)).toMatch(/^\d\d:\d\d:\d\d GET \/api\/v1\/cart 200 3\.1 ms 5f2c1a9e$/);
  });

  it('shows the user and the pharmacy of a logged-in request, not the address', () => {
    const line = JSON.stringify({
      level: 30,
      time: 0,
      reqId: '5f2c1a9e-1111',
      method: 'POST',
      url: '/api/v1/cart',
      status: 200,
      ms: 12,
      address: '203.0.113.7',
      userId: 4,
      clientId: 2,
      msg: REQUEST_LOG_MESSAGE,
    });
    expect(prettyLogLine(line)).toMatch(
      /^\d\d:\d\d:\d\d POST \/api\/v1\/cart 200 12 ms user=4 client=2 5f2c1a9e$/,
    );
  });

  it('shows other lines with their level, message, fields and the error stack, and text as it is', () => {
    const line = JSON.stringify({
      level: 50,
      time: 0,
      pid: 1,
      hostname: 'h',
      msg: 'unexpected error',
      code: 'X1',
      err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at f (a.ts:1:1)' },
    });
    const text = prettyLogLine(line);
    expect(text).toMatch(/^\d\d:\d\d:\d\d ERROR unexpected error code=X1\n {4}Error: boom\n {8}at f/);
    expect(text).not.toContain('hostname');
    expect(prettyLogLine('not json')).toBe('not json');
  });
});

describe.each(['json', 'pretty'] as const)('the request log with LOG_FORMAT=%s', (format) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite', {
      data: 'fixture',
      listen: false,
      settings: { logLevel: 'debug', logFormat: format },
    });
  });
  afterAll(() => server?.close());

  it('writes exactly one line per request, without the query’s secrets; the health probes at debug level', async () => {
    server.logs.length = 0;
    const response = await server.app.inject({
      url: '/healthz?token=s3cret&page=2',
      headers: { 'x-request-id': 'req-0123456789' },
    });
    expect(response.statusCode).toBe(200);
    const missing = await server.app.inject({ url: '/api/v1/nothing-here' });
    expect(missing.statusCode).toBe(404);
    const all = server.logs.join('').split('\n').filter(Boolean);
    expect(all.join('\n')).not.toContain('s3cret');
    if (format === 'json') {
      const lines = all
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.msg === REQUEST_LOG_MESSAGE);
      expect(lines).toHaveLength(2);
      const [first, second] = lines;
      expect(first).toMatchObject({
        level: 20,
        reqId: 'req-0123456789',
        msg: REQUEST_LOG_MESSAGE,
        method: 'GET',
        url: '/healthz?token=[hidden]&page=2',
        status: 200,
        address: '127.0.0.1',
      });
      expect(first).not.toHaveProperty('userId');
      expect(typeof first?.ms).toBe('number');
      expect(second).toMatchObject({ level: 30, method: 'GET', url: '/api/v1/nothing-here', status: 404 });
    } else {
      const lines = all.filter((line) => /^\d\d:\d\d:\d\d GET /.test(line));
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(
        /^\d\d:\d\d:\d\d GET \/healthz\?token=\[hidden\]&page=2 200 [\d.]+ ms req-0123$/,
      );
      expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d GET \/api\/v1\/nothing-here 404 [\d.]+ ms [\da-f]{8}$/);
    }
  });
});

describe('the request line of a logged-in pharmacy behind a proxy', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite', {
      data: 'fixture',
      listen: false,
      settings: { logLevel: 'info', logFormat: 'json', trustProxy: 1 },
    });
  });
  afterAll(() => server?.close());

  it('carries the client’s address as the proxy saw it, the user and the pharmacy; no health probe at info', async () => {
    const session = new InjectSession(server.app, { 'x-forwarded-for': '203.0.113.7' });
    expect((await session.login('farmacia.demo', FIXTURE_PASSWORD)).statusCode).toBe(200);
    server.logs.length = 0;
    expect((await server.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    expect((await session.request('GET', '/api/v1/user')).statusCode).toBe(200);
    const lines = server.logs
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: REQUEST_LOG_MESSAGE,
      url: '/api/v1/user',
      status: 200,
      address: '203.0.113.7',
      userId: server.fixture?.users.demo,
      clientId: server.fixture?.clients.demo,
    });
  });
});
