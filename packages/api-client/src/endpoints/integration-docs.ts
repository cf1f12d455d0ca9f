/** The integration area's endpoints described for the OpenAPI document (kept beside the definitions). */
import type { EndpointDocs } from '../endpoint.ts';
import type { integrationEndpoints } from './integration.ts';
import { orderFeedDocs } from './integration-orders-docs.ts';

export const integrationDocs: EndpointDocs<typeof integrationEndpoints> = {
  ...orderFeedDocs,
  connection: {
    me: {
      tag: 'Integration',
      summary: 'The API key that calls: its name, scopes and rate',
      description: [
        'The first call of a new connection: it answers only for a valid, unrevoked key, and says what',
        'the key may reach. Any key may call it, whatever its scopes.',
        '',
        'Example: `curl -H "Authorization: Bearer $BOTICA_KEY" https://botica.example/api/v1/integration/me` →',
        '`{"data":{"key":{"id":3,"name":"SAP Business One","prefix":"bk_3f9a1c","scopes":["orders","documents"],',
        '"rate_per_minute":600},"server_time":"2026-11-28T10:15:00.000Z"}}`',
      ].join('\n'),
    },
  },
};
