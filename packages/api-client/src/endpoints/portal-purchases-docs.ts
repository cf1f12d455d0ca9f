/** The OpenAPI document's entries of the `purchases` group, apart so that the portal's bundle does not carry them. */
import type { EndpointDocs } from '../endpoint.ts';
import type { purchases } from './portal-purchases.ts';

/** The OpenAPI document's entries of `purchases`. */
export const purchasesDocs: EndpointDocs<{ purchases: typeof purchases }>['purchases'] = {
  usualProducts: {
    tag: 'Orders',
    summary: 'The products the pharmacy orders most',
    description:
      'From its orders of the last 12 months (cancelled ones left out): most orders first, ties by the latest; each with the last quantity and date, the price and stock now, and whether it is withdrawn. At most 30.',
  },
  byMonth: {
    tag: 'Orders',
    summary: 'The last 12 months of purchases as the monthly cap counts them, and the cap',
    description: 'Europe/Madrid months, oldest first, the current month last; cancelled orders left out.',
  },
};
