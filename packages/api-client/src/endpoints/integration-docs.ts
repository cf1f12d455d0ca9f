/** The integration area's endpoints described for the OpenAPI document (kept beside the definitions). */
import type { EndpointDocs } from '../endpoint.ts';
import type { integrationEndpoints } from './integration.ts';
import { orderFeedDocs } from './integration-orders-docs.ts';

const BATCH_RULES = [
  '',
  'A batch is at most 5,000 items, applied in one transaction and answered item by item, in order:',
  '`{index, <key>, result: "created"|"updated"|"unchanged"|"error", errors?: [{field, code, message}]}`',
  'with `totals`. An item in error changes nothing and the others are applied beside it; a body of the',
  'wrong shape (a field of the wrong JSON type, a required one missing, more than 5,000 items) is a 422',
  'and nothing is applied. Items are upserted by their natural key and only what differs is written, so',
  'the same batch sent again answers every item `unchanged` and changes nothing: a retry is harmless.',
  'A batch that changes something is written to the audit log once, named `API: <key name>`.',
  'Batches of one kind are applied one at a time: one sent while another of its kind is being',
  'applied is a 409 that changes nothing, to send again.',
].join('\n');

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
  pharmacies: {
    salesReps: {
      tag: 'Integration',
      summary: 'Upsert sales reps by their ERP code',
      description: [
        'Each item `{code, name, email?, phone?, active?}` by `code` (letters, digits and `. _ / -`, at most',
        '40, compared in upper case). A rep that has no code yet is taken over by his e-mail. `active: false`',
        'deactivates his back-office users at once (their sessions end); `true` again reactivates them.',
        'Error codes: `invalid_code`, `invalid_text`, `invalid_email`, `invalid_phone`, `duplicate_key`,',
        '`ambiguous_email`.',
        BATCH_RULES,
      ].join('\n'),
      failures: [409],
    },
    pharmacies: {
      tag: 'Integration',
      summary: 'Upsert pharmacies and their shops by tax id',
      description: [
        'Each item by `tax_id` (CIF, or NIF/NIE of the owner, with its check character: a wrong one is',
        '`invalid_tax_id`). A new pharmacy gets no user: users come from registrations or the back office.',
        '`discount_group` and `sales_rep_code` name a group and a rep by their codes (null clears, absent',
        'leaves as is); an unknown one is refused as the back office refuses it. `shops`, when present, is',
        'the whole list: shops are matched by `code`, a shop missing from it is deleted (no order keeps a',
        'reference to a shop: an order copies its delivery address when it is sent), at most one is',
        "`main` (none marked: the first). `active: false` deactivates the pharmacy's users at once;",
        '`true` again reactivates them. A change of group or of recargo de equivalencia prices the',
        "pharmacy's next cart save and search at once.",
        'Error codes: `invalid_tax_id`, `invalid_code`, `invalid_text`, `invalid_email`, `invalid_phone`,',
        '`invalid_postal_code`, `unknown_discount_group`, `unknown_sales_rep`, `inactive_sales_rep`,',
        '`erp_code_taken`, `duplicate_key`, `duplicate_shop`, `main_shop_repeated`.',
        BATCH_RULES,
      ].join('\n'),
      failures: [409],
    },
  },
  prices: {
    discountGroups: {
      tag: 'Integration',
      summary: 'Upsert discount groups by their ERP code',
      description: [
        'Each item `{code, name, description?, discount_percent?}` by `code`; the name is unique among the',
        'groups (`name_taken`), and a group that has no code yet is taken over by its name.',
        "`discount_percent` is the group's discount on the whole cart (0–100, two decimals; 0 on a new",
        'group when absent). Changes price every cart and search at once, on every instance.',
        'Error codes: `invalid_code`, `invalid_text`, `invalid_percent`, `name_taken`, `duplicate_key`.',
        BATCH_RULES,
      ].join('\n'),
      failures: [409],
    },
    specialPrices: {
      tag: 'Integration',
      summary: 'Upsert special prices by discount group and product reference',
      description: [
        "Each item `{discount_group, reference, price}`: the group's unit price of the product in euros",
        '(VAT excluded, two decimals), which must be below the product\'s list price. `replace: ["ORO"]`',
        'makes the batch the whole list of those groups: their prices of products not in `items` are',
        'removed (`removed` counts them); `{"items": [], "replace": ["ORO"]}` empties a group. An unknown',
        'group in `replace` is a 422 and nothing is applied. The batch moves the pricing epoch in its one',
        'transaction, so carts and searches of every instance see all of it at once.',
        'Error codes: `unknown_discount_group`, `unknown_product`, `invalid_price`, `price_not_below`,',
        '`duplicate_key`.',
        BATCH_RULES,
      ].join('\n'),
      failures: [409],
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
