/** The API keys' endpoints described for the OpenAPI document (kept beside the definitions). */
import type { EndpointDocs } from '../endpoint.ts';
import type { apiKeys } from './admin-integration.ts';

const KEY_EXAMPLE = [
  '{"id":3,"name":"SAP Business One","prefix":"bk_3f9a1c","scopes":["orders","documents"],',
  '"rate_per_minute":600,"created_at":"2026-11-28T10:00:00.000Z","created_by":"admin.demo",',
  '"last_used_at":"2026-11-28T10:15:00.000Z","revoked_at":null,"revoked_by":null,"calls_24h":96,',
  '"failed_24h":2}',
].join('\n');

/** The API keys' descriptions, the `apiKeys` entry of `adminDocs`. */
export const apiKeysDocs: EndpointDocs<{ apiKeys: typeof apiKeys }>['apiKeys'] = {
  list: {
    tag: 'Back office',
    summary: "The machine clients' API keys, newest first",
    description: [
      'Every key, revoked ones too, by the first characters of its secret (`prefix`), never the secret:',
      'its scopes, rate, who created and revoked it and when, its last call (to the minute), and its',
      'calls in the last 24 hours with how many failed (status 400 or more). Admins only.',
      '',
      `Example: \`GET /api/v1/admin/api-keys\` → \`{"data":[${KEY_EXAMPLE}]}\``,
    ].join('\n'),
  },
  create: {
    tag: 'Back office',
    summary: 'Create an API key (its secret answered this once)',
    description: [
      'A `name` (1–100 characters), its `scopes` (one or more of `catalogue`, `stock`, `pharmacies`,',
      '`orders`, `documents`) and `rate_per_minute` (1–100000, 600 when absent); 422 in Spanish under',
      'the field. The answer carries the `secret` (`bk_…`): only its SHA-256 is kept, so no later answer',
      'can give it again. Audited.',
      '',
      'Example: `POST /api/v1/admin/api-keys` with `{"name":"SAP Business One","scopes":["orders","documents"]}`',
      '→ 201 `{"data":{"id":3,"name":"SAP Business One","prefix":"bk_3f9a1c",…,"last_used_at":null,',
      '"calls_24h":0,"failed_24h":0},"secret":"bk_3f9a1c…"}`',
    ].join('\n'),
  },
  revoke: {
    tag: 'Back office',
    summary: 'Revoke an API key',
    description: [
      'Its next call is a 401, on every instance. The key stays listed, marked revoked, with its log.',
      'Revoking a revoked key changes nothing and answers it as it is. 404 for an unknown key. Audited.',
      '',
      'Example: `POST /api/v1/admin/api-keys/3/revoke` →',
      '`{"data":{"id":3,…,"revoked_at":"2026-11-28T11:00:00.000Z","revoked_by":"admin.demo",…}}`',
    ].join('\n'),
  },
  calls: {
    tag: 'Back office',
    summary: "An API key's calls, newest first",
    description: [
      'What it called (the route, or the path when none matched), the answer\u2019s status, how long it',
      'took and the request id (the `x-request-id` of the answer and of the server\u2019s log); 50 a',
      '`page`, kept 90 days. 404 for an unknown key.',
      '',
      'Example: `GET /api/v1/admin/api-keys/3/calls` →',
      '`{"data":[{"id":812,"at":"2026-11-28T10:15:02.000Z","method":"GET","path":"/api/v1/integration/me",',
      '"status":200,"duration_ms":4,"request_id":"erp-call-00000001"}],',
      '"meta":{"current_page":1,"last_page":1,"per_page":50,"total":1}}`',
    ].join('\n'),
  },
};
