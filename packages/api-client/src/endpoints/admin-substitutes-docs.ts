/** The back office's substitutes, described for the OpenAPI document. */
import type { EndpointDocs } from '../endpoint.ts';
import type { substitutes } from './admin-substitutes.ts';

const TAG = 'Back office';

const EXAMPLE_ANSWER =
  '`{"data":[{"id":31,"reference":"BT-00031","name":"Valeriana Forte","format":"60 cápsulas","stock":"in_stock","is_active":true}]}`';

/** The descriptions of the substitutes' endpoints. */
export const substitutesDocs: EndpointDocs<{ substitutes: typeof substitutes }>['substitutes'] = {
  list: {
    tag: TAG,
    summary: "A product's chosen substitutes, in order",
    description: [
      'Empty when the laboratory chose none: the portal then offers products for the same health',
      'problem taken the same way. 404 for an unknown product.',
      '',
      `Example: \`GET /api/v1/admin/products/42/substitutes\` → ${EXAMPLE_ANSWER}`,
    ].join('\n'),
  },
  set: {
    tag: TAG,
    summary: "Choose a product's substitutes",
    description: [
      'Replaces the list with `ids`, in order (at most 8; `[]` goes back to the default ones). The',
      'portal shows only those active and in stock. 422 under `ids` for the product itself, a repeated',
      'or unknown product. Audited.',
    ].join('\n'),
  },
};
