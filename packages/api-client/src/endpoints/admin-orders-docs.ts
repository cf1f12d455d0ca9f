/** The back office's orders described for the OpenAPI document (kept beside the definitions). */
import type { EndpointDocs } from '../endpoint.ts';
import type { adminOrders } from './admin-orders.ts';

/** The back office's orders' descriptions, the `adminOrders` entry of `adminDocs`. */
export const adminOrdersDocs: EndpointDocs<{ adminOrders: typeof adminOrders }>['adminOrders'] = {
  list: {
    tag: 'Back office',
    summary: "Every pharmacy's orders, newest first (a sales rep's own pharmacies')",
    description: [
      'Filters: `from`/`to` a day (Madrid days, both included; `from` after `to` is a 422 under `to`),',
      "`client_id` (a sales rep asking for another rep's pharmacy gets 403), `q` (the order's number,",
      "or the pharmacy's name or CIF/NIF), `status`, `sales_rep_id`, `min_total`/`max_total` (euros as",
      'typed: `1234,50`, `1.234,50` or `1234.50`; 422 under the field otherwise). 50 a `page`.',
      '',
      'Example: `GET /api/v1/admin/orders?status=received&min_total=100` →',
      '`{"data":[{"id":812,"number":"PW-2026-000812","created_at":"2026-11-27T09:12:00.000Z",',
      '"status":"received","pharmacy":{"id":3,"name":"Farmacia Ldo. Martín Ruiz","erp_code":"C000003",',
      '"city":"Madrid"},"sales_rep":{"id":1,"name":"Lucía Gómez"},"lines":4,"price":210.4,',
      '"price_discount_line":10.52,"price_tax":7.99,"total_price":207.87}],',
      '"meta":{"current_page":1,"last_page":1,"per_page":50,"total":1}}`',
    ].join('\n'),
  },
  export: {
    tag: 'Back office',
    summary: "The orders as a spreadsheet (CSV), with the list's filters",
    description: [
      'Every order the same filters as the list select (no page), newest first, as a file',
      '`pedidos-AAAA-MM-DD.csv`: UTF-8 with BOM, `;` between fields, CRLF, amounts with a decimal comma',
      '(`1234,50`), dates `dd/mm/aaaa` (Madrid). Columns: Número; Fecha; Farmacia; Código cliente;',
      'CIF/NIF; Ciudad; Comercial; Estado; Líneas; Importe; Descuento; Impuestos; Total.',
      '',
      'Example: `GET /api/v1/admin/orders/export.csv?from=2026-11-01` →',
      '`Número;Fecha;Farmacia;…;Total` then `PW-2026-000812;27/11/2026;Farmacia Ldo. Martín Ruiz;…;207,87`',
    ].join('\n'),
  },
  get: {
    tag: 'Back office',
    summary: "One order with its status history and the pharmacist's timeline",
    description: [
      'The order as sent (lines, discounts, taxes, surcharges, totals, notes), who sent it (`sent_by`),',
      'its pharmacy and sales rep, `status_changes` (oldest first), the `timeline` the pharmacist sees and',
      "`next_statuses`, where an admin may move it now. 404 for an unknown order; 403 for another rep's.",
      '',
      'Example: `GET /api/v1/admin/orders/812` →',
      '`{"data":{"id":812,"number":"PW-2026-000812","status":"processing",…,"sent_by":{"id":5,',
      '"username":"farmacia.demo"},"pharmacy":{"id":3,…,"tax_id":"B12345674"},"status_changes":[{',
      '"status":"processing","at":"2026-11-27T10:00:00.000Z","by":{"id":2,"username":"admin.demo"},',
      '"reason":null}],"timeline":[…],"next_statuses":["shipped","cancelled"]}}`',
    ].join('\n'),
  },
  changeStatus: {
    tag: 'Back office',
    summary: "Move an order's status along",
    description: [
      'received → processing → shipped → delivered; received or processing → cancelled with a `reason`',
      '(1–500 characters; 422 under `reason` when missing). Any other move is a 409 with a message; with',
      '`from_status`, the status the admin saw, a 409 too when the order has moved since. Recorded in the',
      "order's history and the audit log, and shown at once in the pharmacist's timeline. Answers the",
      'order as `GET /api/v1/admin/orders/{id}` does.',
      '',
      'Example: `POST /api/v1/admin/orders/812/status` with',
      '`{"status":"cancelled","reason":"Sin existencias del producto.","from_status":"received"}` →',
      '`{"data":{"id":812,"status":"cancelled",…,"next_statuses":[]}}`',
    ].join('\n'),
    failures: [409],
  },
};
