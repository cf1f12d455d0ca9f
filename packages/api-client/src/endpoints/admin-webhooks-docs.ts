/** The webhooks' endpoints described for the OpenAPI document. */
import type { EndpointDocs } from '../endpoint.ts';
import type { webhooks } from './admin-webhooks.ts';

const ENDPOINT_EXAMPLE = [
  '`{"data":{"id":3,"url":"https://erp.laboratorio.es/botica/webhooks","description":"ERP de pedidos",',
  '"events":["order.placed","order.cancelled"],"is_active":true,',
  '"secret":"whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw","created_at":"2026-11-28T10:00:00.000Z",',
  '"updated_at":"2026-11-28T10:00:00.000Z","version":1,"failed_deliveries":0}}`',
].join('\n');

const DELIVERY_EXAMPLE = [
  '`{"data":{"id":41,"endpoint_id":3,"endpoint_url":"https://erp.laboratorio.es/botica/webhooks",',
  '"message_id":"msg_2f9c1e0a7b5d4c3e8f6a1b2c","event_type":"order.placed","status":"failed","attempts":8,',
  '"next_attempt_at":null,"last_status":503,"last_error":null,"created_at":"2026-11-27T10:00:00.000Z",',
  '"last_attempt_at":"2026-11-28T09:40:00.000Z","last_duration_ms":120,"delivered_at":null,',
  '"payload":{"type":"order.placed","timestamp":"2026-11-27T10:00:00.000Z","data":{"id":1207,…}}}}`',
].join('\n');

/** The webhooks group's entry of `adminDocs`. */
export const webhooksDocs: EndpointDocs<{ webhooks: typeof webhooks }>['webhooks'] = {
  list: {
    tag: 'Back office',
    summary: "The ERP's webhook endpoints, with their secrets",
    description: [
      'Admins only. Each endpoint receives the events it subscribes to (`order.placed`, `order.cancelled`,',
      '`registration.requested`) as a POST signed as the Standard Webhooks specification says: headers',
      '`webhook-id` (the same `msg_…` on every retry of one event: deduplicate by it), `webhook-timestamp`',
      '(seconds) and `webhook-signature` (`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` keyed',
      'with the base64 part of the `whsec_` secret). The body is `{type, timestamp, data}`; an order\u2019s',
      '`data` names it (`id`, `number`, the pharmacy, `placed_at`, `status`, `total`, `lines`): the ERP',
      'reads the whole order from the integration feed, `GET /api/v1/integration/orders/{id}`.',
      'A 2xx answer within 10 s is a delivery; a 5xx, 408, 429, a timeout or a refused connection is',
      'retried with growing delays for about a day; any other 4xx fails it at once.',
      '',
      `Example: \`GET /api/v1/admin/webhooks\` → \`{"data":[…]}\`, each as ${ENDPOINT_EXAMPLE}`,
    ].join('\n'),
  },
  create: {
    tag: 'Back office',
    summary: 'Add a webhook endpoint (its secret is generated)',
    description: [
      'The URL is https (http only to `localhost`, `127.0.0.1` or `::1`, for development), without a',
      'user or password; at least one event. Audited (the secret is never written to the audit log).',
      '',
      'Example: `POST /api/v1/admin/webhooks` with `{"url":"https://erp.laboratorio.es/botica/webhooks",',
      `"description":"ERP de pedidos","events":["order.placed","order.cancelled"]}\` → 201 ${ENDPOINT_EXAMPLE}`,
    ].join('\n'),
  },
  update: {
    tag: 'Back office',
    summary: 'Change a webhook endpoint',
    description: [
      'URL, description, events and whether it is active, with the `version` the change was made on: 409',
      'when another admin changed it meanwhile (nothing changed). Deliveries already written keep going',
      'to the endpoint. Audited.',
      '',
      'Example: `PUT /api/v1/admin/webhooks/3` with `{"url":"https://erp.laboratorio.es/botica/webhooks",',
      `"description":"ERP","events":["order.placed"],"is_active":false,"version":1}\` → ${ENDPOINT_EXAMPLE}`,
    ].join('\n'),
    failures: [409],
  },
  delete: {
    tag: 'Back office',
    summary: 'Delete a webhook endpoint and its deliveries',
    description:
      'Its pending deliveries are not sent. Audited. Example: `DELETE /api/v1/admin/webhooks/3` → 204',
  },
  rotateSecret: {
    tag: 'Back office',
    summary: "Replace a webhook endpoint's secret",
    description: [
      'Every delivery from now on, retries included, is signed with the new secret: give it to the ERP at',
      'once. 409 on a stale `version`. Audited.',
      '',
      `Example: \`POST /api/v1/admin/webhooks/3/rotate-secret\` with \`{"version":1}\` → ${ENDPOINT_EXAMPLE}`,
    ].join('\n'),
    failures: [409],
  },
  test: {
    tag: 'Back office',
    summary: 'Send a test event to a webhook endpoint',
    description: [
      'Writes a `webhook.test` event for the endpoint (whatever it subscribes to), delivered and retried',
      'as any other; 409 when the endpoint is inactive. Audited.',
      '',
      `Example: \`POST /api/v1/admin/webhooks/3/test\` → 202 ${DELIVERY_EXAMPLE}`,
    ].join('\n'),
    failures: [409],
  },
  deliveries: {
    tag: 'Back office',
    summary: 'The deliveries of the webhooks, newest first',
    description: [
      'Each event for each endpoint: its status (`pending`, `delivered`, `failed`), attempts, the last',
      'HTTP status and error, and the body sent. `status` and `endpoint_id` narrow; 25 a `page`.',
      '',
      'Example: `GET /api/v1/admin/webhooks/deliveries?status=failed` → `{"data":[…],',
      '"meta":{"current_page":1,"last_page":1,"per_page":25,"total":1}}`, each as',
      DELIVERY_EXAMPLE,
    ].join('\n'),
  },
  resend: {
    tag: 'Back office',
    summary: 'Send a delivery again',
    description: [
      'A failed or delivered one goes back to pending, due now, with its attempts counted afresh and the',
      'same `webhook-id` (the receiver may deduplicate). 409 for one still pending. Audited.',
      '',
      `Example: \`POST /api/v1/admin/webhooks/deliveries/41/resend\` → 202 ${DELIVERY_EXAMPLE}`,
    ].join('\n'),
    failures: [409],
  },
};
