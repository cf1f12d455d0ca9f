/** The back office's content (messages and showcase), described for the OpenAPI document. */
import type { EndpointDocs } from '../endpoint.ts';
import type { adminContent } from './admin-content.ts';

const TAG = 'Back office';

const MESSAGE_EXAMPLE = [
  '`{"data":{"id":7,"kind":"holiday","severity":"critical","title":"Cierre el 8 de diciembre",',
  '"body":"No habrá reparto el lunes.\\n\\nLos pedidos se servirán el martes.",',
  '"starts_at":"2026-12-01T07:00:00.000Z","ends_at":"2026-12-09T07:00:00.000Z",',
  '"clients":[{"id":3,"name":"Farmacia Norte","tax_id":"B12345674"}],"other_clients_count":0,"reads_count":0,',
  '"created_at":"2026-11-28T10:00:00.000Z","updated_at":"2026-11-28T10:00:00.000Z"}}`',
].join('\n');

const BANNER_EXAMPLE = [
  '`{"data":{"id":2,"title":"Campaña de invierno","text":"Todo para la gripe y el resfriado.",',
  '"href":"/catalog?familia=3","hue":210,"active":true,"position":1,',
  '"updated_at":"2026-11-28T10:00:00.000Z"}}`',
].join('\n');

/** The descriptions of the content's endpoints (spread into `adminDocs`). */
export const adminContentDocs: EndpointDocs<typeof adminContent> = {
  adminMessages: {
    list: {
      tag: TAG,
      summary: "The laboratory's messages, the latest to start first",
      description: [
        'Every message, past, current and scheduled, with the pharmacies it is addressed to (none:',
        'every pharmacy; a sales rep sees only his own named, the others counted in `other_clients_count`)',
        'and how many users have opened it (`reads_count`).',
        '',
        'Example: `GET /api/v1/admin/messages` → `{"data":[{"id":7,…,"reads_count":12}]}`',
      ].join('\n'),
    },
    get: {
      tag: TAG,
      summary: 'One message',
      description: [
        '404 for an unknown message.',
        '',
        `Example: \`GET /api/v1/admin/messages/7\` → ${MESSAGE_EXAMPLE}`,
      ].join('\n'),
    },
    create: {
      tag: TAG,
      summary: 'Publish a message',
      description: [
        'Shown on the portal from `starts_at` until `ends_at` (excluded; after the start, else a 422 under',
        '`ends_at`). `client_ids` addresses it to those pharmacies only (an unknown one is a 422 under',
        '`client_ids`); empty or absent, to every pharmacy. The body is plain text, paragraphs separated',
        'by a blank line. Audited.',
        '',
        'Example: `POST /api/v1/admin/messages` with `{"kind":"holiday","severity":"critical",',
        '"title":"Cierre el 8 de diciembre","body":"No habrá reparto el lunes.",',
        '"starts_at":"2026-12-01T08:00:00+01:00","ends_at":"2026-12-09T08:00:00+01:00","client_ids":[3]}`',
        `→ 201 ${MESSAGE_EXAMPLE}`,
      ].join('\n'),
    },
    update: {
      tag: TAG,
      summary: 'Change a message',
      description: [
        'The whole message again, with the `updated_at` it was read at: when another change came first,',
        'a 409 with a message and nothing is written. Audited with the message before and after.',
        '',
        'Example: `PUT /api/v1/admin/messages/7` with `{…,"updated_at":"2026-11-28T10:00:00.000Z"}` →',
        MESSAGE_EXAMPLE,
      ].join('\n'),
      failures: [409],
    },
    delete: {
      tag: TAG,
      summary: 'Delete a message',
      description: [
        'It leaves the portal at once, with its read state. Audited. 404 for an unknown message.',
        '',
        'Example: `DELETE /api/v1/admin/messages/7` → 204',
      ].join('\n'),
    },
  },
  adminShowcase: {
    banners: {
      tag: TAG,
      summary: "The showcase's banners, in order",
      description: [
        'Every banner, active or not, in the order the home page shows the active ones.',
        '',
        'Example: `GET /api/v1/admin/showcase/banners` → `{"data":[{"id":2,…,"position":1}]}`',
      ].join('\n'),
    },
    banner: {
      tag: TAG,
      summary: 'One banner',
      description: [
        '404 for an unknown banner.',
        '',
        `Example: \`GET /api/v1/admin/showcase/banners/2\` → ${BANNER_EXAMPLE}`,
      ].join('\n'),
    },
    createBanner: {
      tag: TAG,
      summary: 'Add a banner (last)',
      description: [
        '`href` is a path of the portal (`/catalog?familia=3`); anything else (`https://…`, `//…`,',
        '`javascript:`) is a 422 under `href`. Audited.',
        '',
        'Example: `POST /api/v1/admin/showcase/banners` with `{"title":"Campaña de invierno",',
        '"text":"Todo para la gripe y el resfriado.","href":"/catalog?familia=3","hue":210,"active":true}`',
        `→ 201 ${BANNER_EXAMPLE}`,
      ].join('\n'),
    },
    updateBanner: {
      tag: TAG,
      summary: 'Change a banner',
      description: [
        'The whole banner again, with the `updated_at` it was read at (409 when another change came',
        'first). Audited.',
        '',
        'Example: `PUT /api/v1/admin/showcase/banners/2` with `{…,"updated_at":"2026-11-28T10:00:00.000Z"}`',
        `→ ${BANNER_EXAMPLE}`,
      ].join('\n'),
      failures: [409],
    },
    moveBanner: {
      tag: TAG,
      summary: 'Move a banner one place up or down',
      description: [
        'Swaps it with its neighbour; the first moved up (or the last down) stays. Audited. Answers every',
        'banner in the new order.',
        '',
        'Example: `POST /api/v1/admin/showcase/banners/2/move` with `{"direction":"up"}` →',
        '`{"data":[{"id":2,…,"position":0},{"id":1,…,"position":1}]}`',
      ].join('\n'),
    },
    deleteBanner: {
      tag: TAG,
      summary: 'Delete a banner',
      description: [
        'Audited. 404 for an unknown banner.',
        '',
        'Example: `DELETE /api/v1/admin/showcase/banners/2` → 204',
      ].join('\n'),
    },
    featured: {
      tag: TAG,
      summary: 'The featured products, in order',
      description: [
        'The products the home page features (at most 8, on sale), in their order.',
        '',
        'Example: `GET /api/v1/admin/showcase/featured` →',
        '`{"data":[{"id":41,"reference":"000041","name":"Crema hidratante 50 ml","active":true}]}`',
      ].join('\n'),
    },
    setFeatured: {
      tag: TAG,
      summary: 'Choose the featured products and their order',
      description: [
        'The whole list, in order (at most 8, none twice): the products left out are no longer featured.',
        'A product unknown or not on sale is a 422 under `product_ids`. Audited with the list before and after.',
        '',
        'Example: `PUT /api/v1/admin/showcase/featured` with `{"product_ids":[41,12]}` →',
        '`{"data":[{"id":41,…},{"id":12,…}]}`',
      ].join('\n'),
    },
    products: {
      tag: TAG,
      summary: 'Products to feature, by reference or name',
      description: [
        'Products on sale; `q` matches the reference or the name (accents and case ignored); the first 20, by name.',
        '',
        'Example: `GET /api/v1/admin/showcase/products?q=crema` →',
        '`{"data":[{"id":41,"reference":"000041","name":"Crema hidratante 50 ml","active":true}]}`',
      ].join('\n'),
    },
  },
};
