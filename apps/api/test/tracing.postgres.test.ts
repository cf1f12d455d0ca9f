/**
 * OpenTelemetry traces when OTEL_EXPORTER_OTLP_ENDPOINT is set, received by a stand-in OTLP/HTTP
 * collector on 127.0.0.1: a span per request named by its route pattern, continuing the caller's
 * `traceparent`, with the PostgreSQL queries it ran as its children (also after a request body was read).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_PASSWORD } from '../src/testing/fixtures.ts';
import { startTestServer, type TestServer } from '../src/testing/test-server.ts';
import { isUnavailable, postgresUrl } from './helpers.ts';

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: Record<string, unknown> }[];
}

interface TraceExport {
  resourceSpans: {
    resource: { attributes: { key: string; value: { stringValue?: string } }[] };
    scopeSpans: { spans: ReceivedSpan[] }[];
  }[];
}

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const CALLER_SPAN = 'b7ad6b7169203331';

describe.skipIf(isUnavailable('postgres'))('traces over OTLP/HTTP', () => {
  let collector: Server;
  const exports: TraceExport[] = [];
  const paths: string[] = [];
  let server: TestServer | undefined;

  beforeAll(async () => {
    collector = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        paths.push(request.url ?? '');
        exports.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as TraceExport);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const { port } = collector.address() as AddressInfo;
    server = await startTestServer('postgres', {
      postgresUrl: postgresUrl(),
      data: 'fixture',
      settings: { tracing: { endpoint: `http://127.0.0.1:${port}/`, serviceName: 'botica-test' } },
    });
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => collector?.close(resolve));
  });

  it('sends a span per request with its queries as children, continuing the caller’s trace', async () => {
    if (!server) throw new Error('no server');
    const ready = await server.app.inject({
      url: '/readyz',
      headers: { traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01` },
    });
    expect(ready.statusCode).toBe(200);
    // Over a real socket, where the body arrives in stream events after the request's hooks.
    const csrf = await fetch(`${server.url}/sanctum/csrf-cookie`);
    const cookies = csrf.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
    const token = cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length);
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: cookies.join('; '),
        'x-xsrf-token': decodeURIComponent(token ?? ''),
      },
      body: JSON.stringify({ username: 'farmacia.demo', password: FIXTURE_PASSWORD }),
    });
    expect(login.status).toBe(200);
    // Closing flushes what is batched.
    await server.close();
    server = undefined;

    expect(paths.every((path) => path === '/v1/traces')).toBe(true);
    const spans = exports.flatMap((body) =>
      body.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)),
    );
    const service = exports[0]?.resourceSpans[0]?.resource.attributes.find((a) => a.key === 'service.name');
    expect(service?.value.stringValue).toBe('botica-test');

    const readyz = spans.find((span) => span.name === 'GET /readyz');
    expect(readyz).toMatchObject({ traceId: TRACE_ID, parentSpanId: CALLER_SPAN });
    const readyQueries = spans.filter((span) => span.parentSpanId === readyz?.spanId);
    expect(readyQueries.map((span) => span.name)).toContain('pg select');
    const text = readyQueries[0]?.attributes.find((a) => a.key === 'db.query.text')?.value.stringValue;
    expect(text).toContain('__drizzle_migrations');

    // A POST: its body is read before the handler, which still runs inside the request's span.
    const loginSpan = spans.find((span) => span.name === 'POST /api/v1/auth/login');
    expect(loginSpan).toBeDefined();
    expect(loginSpan?.traceId).not.toBe(TRACE_ID);
    const status = loginSpan?.attributes.find((a) => a.key === 'http.response.status_code')?.value.intValue;
    expect(Number(status)).toBe(200);
    expect(spans.filter((span) => span.parentSpanId === loginSpan?.spanId).length).toBeGreaterThan(0);
  });
});
