/** The dashboard's endpoint described for the OpenAPI document. */
import type { EndpointDocs } from '../endpoint.ts';
import type { dashboard } from './admin-dashboard.ts';

/** The dashboard group's descriptions, gathered into `adminDocs`. */
export const dashboardDocs: EndpointDocs<{ dashboard: typeof dashboard }>['dashboard'] = {
  show: {
    tag: 'Back office',
    summary: "The back office's dashboard: orders, pending work, pharmacies near the cap",
    description: [
      "Madrid calendar. `orders`: today's orders beside yesterday's up to the same hour, this month's",
      "beside the previous month's up to the same day and hour; `count` is every order sent, `amount` the",
      "orders' `price` (before discounts and taxes, as the monthly cap counts it) without the cancelled",
      'ones. `near_cap`: the pharmacies whose month reaches 80 % of `maximum_purchase_per_month`, the sum',
      "the cart's cap check uses. `orders_per_day`: the last 90 days, zeros included. `sales_reps`: this",
      "month per rep. For a sales rep every figure counts his pharmacies only, and the admins' blocks",
      '(`pending_registrations`, `outbox`) are null.',
      '',
      'Example: `GET /api/v1/admin/dashboard` →',
      '`{"generated_at":"2026-11-28T10:00:00.000Z","scope":"all","orders":{"today":{"count":4,"amount":812.4},',
      '"yesterday":{"count":3,"amount":640},"month":{"count":88,"amount":20110.5},',
      '"previous_month":{"count":91,"amount":21004}},"pending_registrations":2,',
      '"outbox":{"failed":{"count":1,"latest":[{"id":9,"to":"sol@example.es","subject":"Tu alta en Botica",',
      '"attempts":8,"last_error":"550 mailbox unavailable","created_at":"2026-11-27T08:00:00.000Z"}]},',
      '"stuck":{"count":0,"latest":[]}},"near_cap":{"cap":10000,"threshold_percent":80,"clients":[{"id":3,',
      '"name":"Farmacia Norte","code":"43000003","amount":8420,"cap":10000,"percent":84}]},',
      '"orders_per_day":[{"date":"2026-08-31","count":0,"amount":0},…],',
      '"sales_reps":[{"id":1,"name":"Lucía Pérez","count":40,"amount":9800.25}]}`',
    ].join('\n'),
  },
};
