/** The integration area's orders described for the OpenAPI document (kept beside the definitions). */
import type { EndpointDocs } from '../endpoint.ts';
import type { orderFeed } from './integration-orders.ts';

export const orderFeedDocs: EndpointDocs<{ orderFeed: typeof orderFeed }> = {
  orderFeed: {
    list: {
      tag: 'Integration',
      summary: 'The feed of new orders: each order once, none missed',
      description: [
        'The orders in the order they became visible (not by number nor by date: two pharmacies sending',
        'at the same moment may finish in either order), from the first order ever when `after` is not',
        'given. Each answer carries `next_cursor`: keep it, and send it as `after` in the next call, also',
        'when the page was empty. While `has_more` is true another page is ready now; when it is false,',
        'poll again later (every minute is fine).',
        '',
        'Guarantees: an order is in the feed once, after every order that became visible before it, and',
        'the same `after` answers the same page again (a call lost on the way can be repeated). An order',
        'whose sending has not finished is not answered yet, and no later one is answered before it: a',
        'long-running operation on the server may delay the feed for its duration, never lose an order.',
        "Book orders by `id` (or `number`), idempotently: that is the order's identity. An order is fed",
        'when it is placed, with its `status` as it is then; later changes of status are not fed again',
        '(read the order by its id for its status now).',
        '',
        '`limit` is 1 to 500 (100 by default). A cursor that is not one the feed answered → 422.',
        '',
        'Example: `curl -H "Authorization: Bearer $BOTICA_KEY" "https://botica.example/api/v1/integration/orders?limit=50&after=$CURSOR"` →',
        '`{"data":[{"id":812,"number":"PW-2026-000812","status":"received","placed_at":"2026-11-28T10:14:59.000Z",…}],',
        '"next_cursor":"ODkxMjM6ODEy","has_more":false}`',
      ].join('\n'),
    },
    get: {
      tag: 'Integration',
      summary: 'One order, as the ERP books it',
      description: [
        'The order the pharmacy sees under its `number`: its status, the pharmacy (id, CIF/NIF, ERP code),',
        'where it goes (the main shop, else the registered address), the lines (reference, CN, EAN, unit',
        "price, discount, base, VAT and recargo rates), the totals by VAT rate and the pharmacist's notes.",
        "The same shape as the feed's items. 404 for an unknown id.",
        '',
        'Example: `curl -H "Authorization: Bearer $BOTICA_KEY" https://botica.example/api/v1/integration/orders/812` →',
        '`{"data":{"id":812,"number":"PW-2026-000812","status":"received","placed_at":"2026-11-28T10:14:59.000Z",',
        '"pharmacy":{"id":7,"tax_id":"B12345674","erp_code":"C00123","name":"Farmacia Sol"},',
        '"delivery":{"shop_id":9,"name":"Farmacia Sol","address":"Calle Mayor 1","postal_code":"28013","city":"Madrid",',
        '"province":"Madrid","phone":"+34910000000"},"recargo_equivalencia":true,"lines":[{"position":1,"product_id":31,',
        '"reference":"BT-01234","national_code":"1234567","ean":"8470001234567","name":"Magnesio","format":"60 cápsulas",',
        '"quantity":6,"unit_price":8.5,"amount":51,"discount":2.55,"base":48.45,"vat_rate":10,"recargo_rate":1.4}],',
        '"discounts":[{"group_name":"Grupo A","discount_percent":5,"amount":2.55}],"totals":{"gross":51,"discount":2.55,',
        '"base":48.45,"vat":4.85,"recargo":0.68,"total":53.98,"by_vat_rate":[{"vat_rate":10,"base":48.45,"vat":4.85,',
        '"recargo_rate":1.4,"recargo":0.68}]},"notes":"Entregar por la mañana"}}`',
      ].join('\n'),
    },
  },
};
