/** The back office's product pictures, described for the OpenAPI document. */
import type { EndpointDocs } from '../endpoint.ts';
import type { pictures } from './admin-pictures.ts';

const TAG = 'Back office';

const EXAMPLE_ANSWER = [
  '`{"data":{"product":{"id":42,"reference":"NB-0042","name":"Magnesio + B6","format":"60 cápsulas",',
  '"is_active":true,"image":{"thumbnail":"https://botica.example/api/v1/products/42/images/1/thumbnail?v=Yk3q0cXhD2m9Lw1a",…}},',
  '"pictures":[{"position":1,"version":"Yk3q0cXhD2m9Lw1a","image":{"thumbnail":"…?v=Yk3q0cXhD2m9Lw1a",',
  '"miniproduct":"…","full":"…"},"bytes":{"thumbnail":2410,"miniproduct":14880,"full":61234},',
  '"created_at":"2026-11-28T10:00:00.000Z"}],"max_bytes":10485760,"max_pictures":20}}`',
].join('\n');

/** The descriptions of the pictures' endpoints. */
export const picturesDocs: EndpointDocs<{ pictures: typeof pictures }>['pictures'] = {
  list: {
    tag: TAG,
    summary: "A product's uploaded pictures, in the order the portal shows them",
    description: [
      'The product (also a withdrawn one) with its pictures, each with its addresses in the three sizes',
      '(versioned: a changed picture gets another address), and the limits an upload is checked',
      'against. A product without pictures shows its drawn image in the portal. 404 for an unknown product.',
      '',
      `Example: \`GET /api/v1/admin/products/42/pictures\` → ${EXAMPLE_ANSWER}`,
    ].join('\n'),
  },
  upload: {
    tag: TAG,
    summary: 'Add a picture after the last one',
    description: [
      'The body is the file itself (JPEG, PNG, WebP or AVIF, decided by its bytes, not its name or',
      'declared type), `name` its file name for the audit log. The picture is oriented, its metadata',
      '(EXIF with GPS, XMP, ICC) dropped and stored as three square WebP (120, 360 and 1000 px) on white.',
      "Over the server's limit: 413 `Fichero demasiado grande`, nothing stored. Not an image, damaged or",
      'over 50 megapixels: 422 under `file`. 409 past 20 pictures. Audited.',
      '',
      `Example: \`POST /api/v1/admin/products/42/pictures?name=frasco.jpg\` (image/jpeg) → 201 ${EXAMPLE_ANSWER}`,
    ].join('\n'),
    failures: [409],
  },
  reorder: {
    tag: TAG,
    summary: 'Put the pictures in another order',
    description: [
      '`order` names every current position once, the one to show first first; anything else is 422',
      'under `order`. Audited with the order before and after.',
      '',
      `Example: \`PUT /api/v1/admin/products/42/pictures/order\` with \`{"order":[2,1]}\` → ${EXAMPLE_ANSWER}`,
    ].join('\n'),
  },
  delete: {
    tag: TAG,
    summary: 'Delete a picture',
    description: [
      'The pictures after it move up one place; a product left without pictures shows the default image.',
      '`version`: the version of the picture meant; when another picture has since taken that place, 409',
      'and nothing is deleted. 404 for an unknown product or position. Audited.',
      '',
      `Example: \`DELETE /api/v1/admin/products/42/pictures/2?version=Yk3q0cXhD2m9Lw1a\` → ${EXAMPLE_ANSWER}`,
    ].join('\n'),
    failures: [409],
  },
};
