import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InjectSession } from '../../test/session.ts';
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
      settings: { logLevel: 'info', logFormat: format },
    });
  });
  afterAll(() => server?.close());

  it('writes exactly one line per request, at info level, without the query’s secrets', async () => {
    server.logs.length = 0;
    // The health checks log at debug level only.
    expect((await server.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    const response = await server.app.inject({
      url: '/api/v1/user?token=s3cret&page=2',
      headers: { 'x-request-id': 'req-0123456789' },
    });
    expect(response.statusCode).toBe(401);
    const missing = await server.app.inject({ url: '/api/v1/nothing-here' });
    expect(missing.statusCode).toBe(404);
    const lines = server.logs.join('').split('\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines.join('\n')).not.toContain('s3cret');
    if (format === 'json') {
      const [first, second] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(first).toMatchObject({
        level: 30,
        reqId: 'req-0123456789',
        msg: REQUEST_LOG_MESSAGE,
        method: 'GET',
        url: '/api/v1/user?token=[hidden]&page=2',
        status: 401,
        address: '127.0.0.1',
      });
      expect(first).not.toHaveProperty('user');
      expect(typeof first?.ms).toBe('number');
      expect(second).toMatchObject({ method: 'GET', url: '/api/v1/nothing-here', status: 404 });
    } else {
      expect(lines[0]).toMatch(
        /^\d\d:\d\d:\d\d GET \/api\/v1\/user\?token=\[hidden\]&page=2 401 [\d.]+ ms req-0123$/,
      );
      expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d GET \/api\/v1\/nothing-here 404 [\d.]+ ms [\da-f]{8}$/);
    }
  });

  it.runIf(format === 'json')('names the user and the pharmacy of a logged-in request', async () => {
    const session = new InjectSession(server.app);
    expect((await session.login('farmacia.demo')).statusCode).toBe(200);
    server.logs.length = 0;
    expect((await session.request('GET', '/api/v1/user')).statusCode).toBe(200);
    const [line] = server.logs.map((entry) => JSON.parse(entry) as Record<string, unknown>);
    expect(line).toMatchObject({
      url: '/api/v1/user',
      status: 200,
      address: '127.0.0.1',
      user: server.fixture?.users.demo,
      client: server.fixture?.clients.demo,
    });
  });
});
