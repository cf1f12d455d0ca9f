/**
 * The API's own description: the OpenAPI 3.1 document built from the endpoint definitions
 * (`/api/openapi.json`) and a reference page for other teams (`/api/docs`), rendered by Redoc's
 * standalone script served from this origin (no CDN). Decision 015.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { adminDocs, adminEndpoints } from '@botica/api-client/admin';
import { operations, operationsDocs, portalDocs, portalEndpoints } from '@botica/api-client/endpoints';
import { integrationDocs, integrationEndpoints } from '@botica/api-client/integration';
import { openApiDocument } from '@botica/api-client/openapi';
import type { FastifyInstance } from 'fastify';
import { route } from './endpoint-route.ts';
import { HttpError } from './errors.ts';

/** Every area's endpoints, as the document lists them. */
export const DOCUMENTED_AREAS = [
  { endpoints: portalEndpoints, docs: portalDocs },
  { endpoints: adminEndpoints, docs: adminDocs },
  { endpoints: integrationEndpoints, docs: integrationDocs },
  { endpoints: { operations }, docs: operationsDocs },
];

const DESCRIPTION = `The HTTP API of Botica, the ordering and training portal a laboratory offers the pharmacies it sells to.

- **Sessions** follow Laravel Sanctum's SPA model: \`GET /sanctum/csrf-cookie\`, then \`POST /api/v1/auth/login\`; the session travels in the \`botica_session\` cookie, and every POST, PUT and DELETE sends the \`XSRF-TOKEN\` cookie back in the \`X-XSRF-TOKEN\` header.
- **Machine clients** (the laboratory's ERP) use the integration area, \`/api/v1/integration/…\`, with an API key in \`Authorization: Bearer\` (created by an admin in the back office, shown once): no cookies, no CSRF token; each key has scopes and a rate per minute. Connecting an ERP: check the key with \`GET /api/v1/integration/me\`; send the catalogue, stock, pharmacies and prices in batches (\`PUT …/products\`, \`…/stock\`, \`…/pharmacies\`, \`…/special-prices\`…, each item answered, resent safely with an \`Idempotency-Key\`); poll the orders with \`GET …/orders?after=<next_cursor>\` (each order once, none skipped), woken by the signed \`order.placed\` webhook (Standard Webhooks) if an admin set one; send back each order's status, delivery notes and invoices (\`POST …/orders/{id}/status\`, \`PUT …/shipments\`, \`PUT …/invoices\`: an invoice that does not add up to the cent is refused with each difference). Every call of the section _Integration_ below has a curl example.
- **Amounts** are euros as JSON numbers with at most two decimals; **dates** are ISO 8601.
- **Failures** are \`{ message, errors? }\`: \`message\` is Spanish and fit to show to a pharmacist; \`errors\` holds the messages per field of a 422.
- The typed client of every endpoint here is \`@botica/api-client\`.`;

/** The document, built once. */
let document: string | undefined;
function openApiJson(): string {
  document ??= JSON.stringify(
    openApiDocument(DOCUMENTED_AREAS, { title: 'Botica API', version: 'v1', description: DESCRIPTION }),
  );
  return document;
}

/**
 * Where Redoc's standalone script is: beside the production bundle's server (the bundle copies it
 * there), or in the repository's dependencies.
 */
function redocScript(): string | undefined {
  const bundled = new URL('../../redoc.standalone.js', import.meta.url);
  if (existsSync(bundled)) return bundled.pathname;
  try {
    return createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');
  } catch {
    return undefined;
  }
}

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Botica API reference</title>
</head>
<body>
<redoc spec-url="/api/openapi.json" hide-download-button="false"></redoc>
<script src="/api/docs/redoc.standalone.js"></script>
</body>
</html>
`;

/** Redoc styles inline and searches in a worker made from a blob; nothing leaves the origin. */
const PAGE_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; worker-src 'self' blob:; connect-src 'self'; frame-ancestors 'none'";

export function registerApiReference(app: FastifyInstance): void {
  route(app, operations.openApi, async ({ reply }) =>
    reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(openApiJson()),
  );

  route(app, operations.reference, async ({ reply }) =>
    reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', PAGE_POLICY)
      .type('text/html; charset=utf-8')
      .send(PAGE),
  );

  let script: Buffer | undefined;
  route(app, operations.referenceScript, async ({ reply }) => {
    if (!script) {
      const path = redocScript();
      if (!path) throw new HttpError(404, 'El recurso solicitado no existe.');
      script = readFileSync(path);
    }
    return reply
      .header('cache-control', 'public, max-age=86400')
      .type('text/javascript; charset=utf-8')
      .send(script);
  });
}
