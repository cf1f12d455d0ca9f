/** The integration area's endpoints described for the OpenAPI document (kept beside the definitions). */
import type { EndpointDocs } from '../endpoint.ts';
import type { integrationEndpoints } from './integration.ts';

export const integrationDocs: EndpointDocs<typeof integrationEndpoints> = {
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
  products: {
    upsert: {
      tag: 'Integration',
      summary: 'Upserts up to 20,000 products by reference, each on its own',
      description: [
        'The ERP sends its catalogue: `{"items": [...]}`, each item by its `reference`. A new reference is',
        'created, a known one updated where it differs, else answered `unchanged`. A field left out keeps',
        'what is stored; `null` empties it. Categories are named by their codes (the `slug`, as in the CSV',
        'import). Every item is judged on its own: an item that breaks a rule (a Código Nacional or EAN with',
        'a wrong check digit, a price of 0, an unknown category, a reference twice in the batch) is answered',
        "`error` with `errors: [{field, code, message}]` (a stable `code`, the domain's Spanish `message`)",
        'and changes nothing; the valid items are applied together in one transaction, and every',
        "pharmacy's search and cart see them at once.",
        '',
        'Send an `Idempotency-Key` per batch: a retry after a timeout is answered as the first call was and',
        'applies nothing twice. Bodies up to `INTEGRATION_BATCH_MAX_BYTES` (32 MB by default; 413 past it).',
        '',
        'Example: `{"items":[{"reference":"BT-10399","name":"Equinácea Forte","format":"60 cápsulas",',
        '"list_price":12.5,"vat_rate":10,"national_code":"123456.8","categories":["defensas"]}]}` →',
        '`{"data":{"items":[{"index":0,"reference":"BT-10399","result":"created"}],',
        '"totals":{"created":1,"updated":0,"unchanged":0,"error":0}}}`',
      ].join('\n'),
      failures: [413],
    },
  },
  stock: {
    update: {
      tag: 'Integration',
      summary: 'Sets the units in stock of up to 20,000 products by reference',
      description: [
        'The ERP sends its stock: `{"items": [{"reference", "units", "expected_on"?}]}`. The state',
        'pharmacies see follows the units (0 sold out, under 10 last units, else in stock), at once.',
        '`expected_on` is the Madrid day a sold-out product is expected back (left out: kept; null:',
        'none). An unknown reference or a bad figure is answered `error` for that item alone; the others',
        'are applied in one transaction. Idempotent with an `Idempotency-Key`, as the products.',
      ].join('\n'),
      failures: [413],
    },
  },
};
