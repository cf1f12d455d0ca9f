/**
 * The operations team's endpoints: liveness, readiness, metrics, and this API's own description.
 * Not part of any client: load balancers, Prometheus and people call them.
 */
import * as z from 'zod/mini';
import { defineEndpoint, type EndpointDocs } from '../endpoint.ts';

export const operations = {
  health: defineEndpoint({
    method: 'GET',
    path: '/healthz',
    access: 'public',
    response: z.object({ status: z.literal('ok') }),
  }),
  ready: defineEndpoint({
    method: 'GET',
    path: '/readyz',
    access: 'public',
    response: z.object({ status: z.literal('ok'), migrations: z.int().check(z.gte(0)) }),
  }),
  metrics: defineEndpoint({
    method: 'GET',
    path: '/metrics',
    access: 'public',
    response: { file: 'text/plain; version=0.0.4' },
  }),
  openApi: defineEndpoint({
    method: 'GET',
    path: '/api/openapi.json',
    access: 'public',
    response: { file: 'application/json' },
  }),
  reference: defineEndpoint({
    method: 'GET',
    path: '/api/docs',
    access: 'public',
    response: { file: 'text/html' },
  }),
  referenceScript: defineEndpoint({
    method: 'GET',
    path: '/api/docs/redoc.standalone.js',
    access: 'public',
    response: { file: 'text/javascript' },
  }),
};

/** The operations endpoints described. */
export const operationsDocs: EndpointDocs<{ operations: typeof operations }> = {
  operations: {
    health: {
      tag: 'Operations',
      summary: 'Liveness: the process answers',
      description: 'Never touches the database or the session.',
    },
    ready: {
      tag: 'Operations',
      summary: 'Readiness: the database answers and every migration is applied',
      description:
        '503 with a Spanish `message` otherwise (the database does not answer, or migrations are missing).',
      failures: [503],
    },
    metrics: {
      tag: 'Operations',
      summary: 'Prometheus metrics',
      description:
        'In the Prometheus text format, with `Authorization: Bearer <METRICS_TOKEN>` (401 with `WWW-Authenticate` without it); 404 when no `METRICS_TOKEN` is set.',
      failures: [401],
    },
    openApi: {
      tag: 'Operations',
      summary: 'This document',
    },
    reference: {
      tag: 'Operations',
      summary: "This document's reference page",
    },
    referenceScript: {
      tag: 'Operations',
      summary: "The reference page's renderer (Redoc), served here rather than from a CDN",
    },
  },
};
