/** The configuration's endpoints described for the OpenAPI document. */
import type { EndpointDocs } from '../endpoint.ts';
import type { configuration } from './admin-configuration.ts';

/** The configuration group's entry of `adminDocs`. */
export const configurationDocs: EndpointDocs<{ configuration: typeof configuration }>['configuration'] = {
  show: {
    tag: 'Back office',
    summary: 'The order rules and the maintenance switch',
    description: [
      'The minimum order and the monthly cap in euros, and whether the portal is in maintenance.',
      '',
      'Example: `GET /api/v1/admin/configuration` →',
      '`{"data":{"order_minimum_amount":150,"maximum_purchase_per_month":10000,"maintenance":false}}`',
    ].join('\n'),
  },
  orderRules: {
    tag: 'Back office',
    summary: 'Change the minimum order and the monthly cap',
    description: [
      'Both amounts as the staff type them: `150`, `150,50`, `1.500,00` (a dot before three digits groups',
      'thousands, a comma marks the decimals). Empty, negative, not an amount or more than two decimals is',
      'a 422 under the field; a minimum above the cap is a 422 under `order_minimum_amount`. Audited with',
      'the rules before and after; the next cart save on every instance applies them.',
      '',
      'Example: `PUT /api/v1/admin/configuration/order-rules` with',
      '`{"order_minimum_amount":"1.000,00","maximum_purchase_per_month":"10.000"}` →',
      '`{"data":{"order_minimum_amount":1000,"maximum_purchase_per_month":10000,"maintenance":false}}`',
    ].join('\n'),
  },
  maintenance: {
    tag: 'Back office',
    summary: 'Put the portal in maintenance, or take it out',
    description: [
      'While on, the pharmacies get the maintenance page (503) on the portal and every call, their login',
      'included; the back office, its calls and the health checks keep working for the staff. Every',
      'instance sees the change within a second. Audited.',
      '',
      'Example: `PUT /api/v1/admin/configuration/maintenance` with `{"on":true}` →',
      '`{"data":{"order_minimum_amount":150,"maximum_purchase_per_month":10000,"maintenance":true}}`',
    ].join('\n'),
  },
};
