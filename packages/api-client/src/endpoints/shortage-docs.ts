/** The shortage endpoints of the portal, described for the OpenAPI document. */
import type { EndpointDocs } from '../endpoint.ts';
import type { shortage } from './shortage.ts';

const TAG = 'Catalogue';

const EXAMPLE_ALERT =
  '`{"data":{"product_id":42,"stock":"out_of_stock","expected_on":"2026-12-12","subscribed_at":"2026-11-28T10:00:00.000Z"}}`';

/** The descriptions of the shortage endpoints. */
export const shortageDocs: EndpointDocs<{ shortage: typeof shortage }>['shortage'] = {
  stockAlert: {
    tag: TAG,
    summary: "A product's availability and the user's back-in-stock alert",
    description: [
      'The stock state, the day a sold-out product is expected back (or null) and, when the user asked',
      'to hear it is back, since when. 404 for an unknown or withdrawn product.',
      '',
      `Example: \`GET /api/v1/products/42/stock-alert\` → ${EXAMPLE_ALERT}`,
    ].join('\n'),
  },
  subscribe: {
    tag: TAG,
    summary: 'Ask for one e-mail when a sold-out product is back',
    description: [
      'Opens the alert (asking again keeps the first); one e-mail to the user when the product leaves',
      'sold out, whichever way its stock changes, and the alert is then closed: a product that sells',
      'out again needs a new one. 422 under `product` when the product is not sold out.',
    ].join('\n'),
  },
  cancel: {
    tag: TAG,
    summary: 'Cancel the back-in-stock alert',
    description: 'Closes the open alert, if any, and answers the availability as `GET` does.',
  },
  substitutes: {
    tag: TAG,
    summary: 'What may replace a sold-out product',
    description: [
      "The laboratory's chosen substitutes in its order, else products for the same health problem",
      'taken the same way (capsules for capsules, a cream for a cream); only active products in',
      "stock, a few at most, with the client's prices. Empty for a product that is not sold out.",
    ].join('\n'),
  },
};
