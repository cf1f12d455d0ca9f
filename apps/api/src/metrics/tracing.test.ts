import { trace } from '@opentelemetry/api';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSettings, SettingsError } from '../settings/settings.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

describe('tracing settings', () => {
  it('are off without OTEL_EXPORTER_OTLP_ENDPOINT, and on with a valid one', () => {
    expect(loadSettings({}).tracing).toBeNull();
    expect(loadSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing).toEqual({
      endpoint: 'http://collector:4318',
      serviceName: 'botica-api',
    });
    expect(() => loadSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(SettingsError);
  });

  it('METRICS_TOKEN: unset by default, at least 32 printable characters when set', () => {
    expect(loadSettings({}).metricsToken).toBeUndefined();
    expect(() => loadSettings({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(loadSettings({ METRICS_TOKEN: 'a'.repeat(32) }).metricsToken).toBe('a'.repeat(32));
  });
});

describe('an app without tracing settings', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite', { data: 'fixture', listen: false });
  });
  afterAll(() => server?.close());

  it('starts no OpenTelemetry SDK: no tracer provider, no wrapped queries, no trace headers', async () => {
    const response = await server.app.inject({
      url: '/readyz',
      headers: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
    });
    expect(response.statusCode).toBe(200);
    const provider = trace.getTracerProvider() as { getDelegate?: () => object };
    expect(provider.getDelegate?.().constructor.name).toBe('NoopTracerProvider');
    expect(
      (pg.Client.prototype as unknown as Record<symbol, unknown>)[Symbol.for('botica.tracing.pg')],
    ).toBeUndefined();
    expect(trace.getActiveSpan()).toBeUndefined();
  });
});
