/**
 * OpenTelemetry traces, off unless `OTEL_EXPORTER_OTLP_ENDPOINT` is set: then a span per HTTP request
 * (named by its route pattern, continuing a caller's W3C `traceparent`) and, on PostgreSQL, a span
 * per query within it, sent over OTLP/HTTP. Without the setting nothing of OpenTelemetry is loaded:
 * the SDK (tracing-sdk.ts) is imported only when it is configured.
 */
import type { Span } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import type { Settings } from '../settings/settings.ts';
import { routeLabel } from './metrics.ts';

export async function installTracing(app: FastifyInstance, tracing: Settings['tracing']): Promise<void> {
  if (!tracing) return;
  const { startTracing } = await import('./tracing-sdk.ts');
  const { api, provider } = await startTracing(tracing);
  const tracer = api.trace.getTracer('botica-api');
  const spans = new WeakMap<object, Span>();

  app.addHook('onRequest', (request, _reply, done) => {
    const parent = api.propagation.extract(api.context.active(), request.headers);
    const span = tracer.startSpan(
      `${request.method} ${routeLabel(request)}`,
      {
        kind: api.SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'http.route': routeLabel(request),
          'url.path': request.url.split('?')[0] ?? '',
          ...(request.clientAddress ? { 'client.address': request.clientAddress } : {}),
        },
      },
      parent,
    );
    const active = api.trace.setSpan(parent, span);
    spans.set(request, span);
    // The rest of the request, its body read and its handler, runs inside the span's context (so its
    // queries are its children; test/tracing.postgres.test.ts checks a POST over a real socket).
    api.context.with(active, done);
  });
  app.addHook('onResponse', async (request, reply) => {
    const span = spans.get(request);
    if (!span) return;
    span.setAttribute('http.response.status_code', reply.statusCode);
    if (request.session?.user) span.setAttribute('enduser.id', String(request.session.user.id));
    if (reply.statusCode >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
    span.end();
  });
  app.addHook('onClose', async () => {
    await provider.forceFlush();
  });
}
