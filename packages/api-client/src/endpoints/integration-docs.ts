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
  documents: {
    orderStatus: {
      tag: 'Integration',
      summary: "An order's status change in the ERP",
      description: [
        'Moves the order as the back office does: forward one step (received → processing → shipped →',
        'delivered) or cancelled until it ships, with `note` as the reason (required to cancel). 409 for a',
        'move the rules refuse (a cancelled order never moves again); asking for the status it already',
        'has answers 200 with `changed: false`. `at` is when it happened in the ERP (now by default; not',
        "in the future nor before the order). The pharmacy's order timeline shows it at once; the audit",
        'log names the key (`API: <key name>`).',
        '',
        'Example: `POST /api/v1/integration/orders/812/status` `{"status":"processing"}` →',
        '`{"data":{"id":812,"number":"PW-2026-000812","status":"processing","changed":true}}`',
      ].join('\n'),
    },
    shipment: {
      tag: 'Integration',
      summary: 'A delivery note of an order, created or replaced by its number',
      description: [
        'Creates (201) or replaces (200) the shipment whose `number` this is. Each line names a product',
        'of the order by its reference, with the units and, optionally, the lot and its expiry date; with',
        "the order's other shipments the units never exceed what it ordered (422 under `lines.N.quantity`),",
        'and a reference the order does not have is 422 under `lines.N.reference`. The order follows its',
        'shipments: preparing → processing, on its way → shipped, every unit delivered → delivered (a',
        'cancelled order cannot ship: 409). The first shipment of an order e-mails the pharmacy the',
        'carrier and the tracking link. The same shipment sent again changes nothing and sends nothing.',
        '',
        'Example: `{"number":"AL-2026-004512","order_id":812,"carrier":"SEUR","tracking_number":"SE123",',
        '"tracking_url":"https://seur.example/t/SE123","shipped_at":"2026-11-28T09:00:00Z",',
        '"lines":[{"reference":"VAL-100","quantity":6,"lot":"L2406A","expires_on":"2028-06-30"}]}`',
      ].join('\n'),
    },
    invoice: {
      tag: 'Integration',
      summary: 'An invoice or refund, by its series and number, checked to the cent',
      description: [
        'Stores an issued invoice (`kind: invoice`) or refund (`kind: refund`, with the invoice it',
        '`corrects` and its `reason`; its amounts positive as Botica keeps them, or all negative as many',
        'ERPs print a factura rectificativa, which is read as the same refund). Before anything is',
        'stored the amounts must add up: each line (quantity × unit price − discount = base), the',
        'discount lines, the base of each VAT rate (the sum of its lines), its VAT and — for a pharmacy',
        'in recargo de equivalencia, at the known rates 5,2 / 1,4 / 0,5 % — its recargo (base × rate,',
        'rounded half up to the cent), and the total. Otherwise 422, each difference in euros under its',
        'field (`lines.2.base`, `taxes.0.amount`, `total`…). The lines name products of the order by',
        'reference. On success the pharmacy is e-mailed and finds it in MIS FACTURAS, with the PDF',
        'Botica lays out until the ERP uploads its own. Sending the same document again answers 200',
        '(`unchanged`); other content under an issued number is 409: correct it with a refund.',
      ].join('\n'),
    },
    invoicePdf: {
      tag: 'Integration',
      summary: "The ERP's own PDF of an invoice or refund",
      description: [
        'The body is the PDF itself (`Content-Type: application/pdf`); the pharmacy is served it instead',
        'of the PDF Botica lays out. Checked by its structure (a renamed file that is not a PDF is 422',
        'under `file`), up to the size limit (413 past it). A new upload replaces the previous one.',
        '',
        'Example: `curl -X PUT -H "Authorization: Bearer $BOTICA_KEY" -H "Content-Type: application/pdf"',
        '--data-binary @F2026-000123.pdf https://botica.example/api/v1/integration/invoices/F/F2026-000123/pdf`',
      ].join('\n'),
    },
  },
};
