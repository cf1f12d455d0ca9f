/**
 * The OpenTelemetry SDK, loaded only when traces are configured (tracing.ts): a tracer provider that
 * batches spans to the OTLP/HTTP endpoint, the W3C trace context, an AsyncLocalStorage context, and a
 * span around every PostgreSQL query (node-postgres's `Client.prototype.query`, which the pool and
 * transactions both use; the SQL text with its `$n` placeholders, never the values). Once per process:
 * every app of the process shares them.
 */
import * as api from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import pg from 'pg';
import type { Settings } from '../settings/settings.ts';

export interface Tracing {
  api: typeof api;
  provider: TracerProvider;
}

let started: Tracing | undefined;

/** The first words of a statement's text that name its operation (`select`, `insert`, …). */
function operationName(text: string): string {
  return /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? 'query';
}

type QueryFunction = (this: pg.Client, ...args: unknown[]) => unknown;

const PATCHED = Symbol.for('botica.tracing.pg');

/** Wraps node-postgres's `Client.prototype.query` in a client span (once). */
function tracePostgresQueries(tracer: api.Tracer): void {
  const prototype = pg.Client.prototype as unknown as Record<PropertyKey, unknown> & { query: QueryFunction };
  if (prototype[PATCHED]) return;
  prototype[PATCHED] = true;
  const original = prototype.query;
  prototype.query = function tracedQuery(this: pg.Client, ...args: unknown[]): unknown {
    const first = args[0] as string | { text?: unknown } | undefined;
    const text = typeof first === 'string' ? first : typeof first?.text === 'string' ? first.text : '';
    const operation = operationName(text);
    const span = tracer.startSpan(`pg ${operation}`, {
      kind: api.SpanKind.CLIENT,
      attributes: {
        'db.system.name': 'postgresql',
        'db.operation.name': operation,
        'db.query.text': text.slice(0, 2_000),
      },
    });
    const end = (error?: unknown) => {
      if (error) {
        span.setStatus({
          code: api.SpanStatusCode.ERROR,
          message: error instanceof Error ? error.message : String(error),
        });
      }
      span.end();
    };
    const callbackAt = args.findIndex((arg) => typeof arg === 'function');
    if (callbackAt !== -1) {
      const callback = args[callbackAt] as (error: unknown, result: unknown) => unknown;
      args[callbackAt] = (error: unknown, result: unknown) => {
        end(error ?? undefined);
        return callback(error, result);
      };
      return original.apply(this, args);
    }
    let result: unknown;
    try {
      result = original.apply(this, args);
    } catch (error) {
      end(error);
      throw error;
    }
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(
        () => end(),
        (error: unknown) => end(error),
      );
    } else {
      end();
    }
    return result;
  };
}

/** Starts the SDK (once per process) and returns the API with the provider to flush. */
export async function startTracing(settings: NonNullable<Settings['tracing']>): Promise<Tracing> {
  if (started) return started;
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({ url: `${settings.endpoint.replace(/\/+$/, '')}/v1/traces` }),
      }),
    ],
  });
  api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  api.propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  api.trace.setGlobalTracerProvider(provider);
  tracePostgresQueries(api.trace.getTracer('botica-api'));
  started = { api, provider };
  return started;
}

/** Whether the SDK has been started in this process (tests). */
export function isTracingStarted(): boolean {
  return started !== undefined;
}
