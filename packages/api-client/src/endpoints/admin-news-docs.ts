/** The news' endpoints described for the OpenAPI document. */
import type { EndpointDocs } from '../endpoint.ts';
import type { news } from './admin-news.ts';

const POST_EXAMPLE = [
  '`{"data":{"id":31,"title":"Nueva línea de fitoterapia","category":"Laboratorio","author":"Equipo Botica",',
  '"status":"scheduled","published_at":"2026-12-01T08:30:00.000Z","updated_at":"2026-11-28T10:00:00.000Z",',
  '"excerpt":"Cinco fórmulas nuevas.","body":[{"type":"paragraph","children":[{"text":"Hola"}]}],',
  '"image":{"url":"/api/v1/admin/news/31/image?v=3","alt":"Hojas de valeriana","uploaded":false},"version":3}}`',
].join('\n');

/** The news group's entry of `adminDocs`. */
export const newsDocs: EndpointDocs<{ news: typeof news }>['news'] = {
  list: {
    tag: 'Back office',
    summary: 'The news posts, drafts and scheduled ones included',
    description: [
      'For the staff: every post with its status (`draft`, `scheduled`: published from a future date,',
      '`published`), the drafts first, then the latest publication first; `q` searches the titles,',
      '`status` narrows; 20 a `page`.',
      '',
      'Example: `GET /api/v1/admin/news?status=draft&q=fito` →',
      '`{"data":[{"id":31,"title":"Nueva línea de fitoterapia","category":"Laboratorio",',
      '"author":"Equipo Botica","status":"draft","published_at":null,"updated_at":"2026-11-28T10:00:00.000Z"}],',
      '"meta":{"current_page":1,"last_page":1,"per_page":20,"total":1}}`',
    ].join('\n'),
  },
  get: {
    tag: 'Back office',
    summary: 'One news post whole, as its editor opens it',
    description: [
      'The body as structured content, the picture (readable by the staff even for a draft) and the',
      '`version` an update must name. 404 for an unknown post.',
      '',
      `Example: \`GET /api/v1/admin/news/31\` → ${POST_EXAMPLE}`,
    ].join('\n'),
  },
  create: {
    tag: 'Back office',
    summary: 'Write a news post (a draft)',
    description: [
      'Title, excerpt, category, author, the picture\u2019s description and the body (paragraphs, headings',
      '2 and 3, lists, quotes; bold, italic and links to https, mailto or a portal path). A link the',
      'body may not carry is a 422 under its path (`body.0.children.1.href`). Audited.',
      '',
      'Example: `POST /api/v1/admin/news` with `{"title":"Nueva línea de fitoterapia","excerpt":"Cinco',
      'fórmulas nuevas.","category":"Laboratorio","author":"Equipo Botica","image_alt":"Hojas de valeriana",',
      `"body":[{"type":"paragraph","children":[{"text":"Hola"}]}]}\` → 201 ${POST_EXAMPLE}`,
    ].join('\n'),
  },
  update: {
    tag: 'Back office',
    summary: 'Change a news post',
    description: [
      'The same fields as a new post, with the `version` the change was made on: 409 when another',
      'admin saved the post meanwhile (nothing changed). Audited with the post before and after.',
      '',
      'Example: `PUT /api/v1/admin/news/31` with `{…,"version":3}` →',
      POST_EXAMPLE,
    ].join('\n'),
    failures: [409],
  },
  publish: {
    tag: 'Back office',
    summary: 'Publish a news post, now or from a date',
    description: [
      '`published_at` is Madrid\u2019s wall clock (`2026-12-01T09:30`): a date to come schedules the post,',
      'which the pharmacies see from then. 409 on a stale `version`. Audited.',
      '',
      'Example: `POST /api/v1/admin/news/31/publish` with `{"published_at":"2026-12-01T09:30","version":3}`',
      `→ ${POST_EXAMPLE}`,
    ].join('\n'),
    failures: [409],
  },
  unpublish: {
    tag: 'Back office',
    summary: 'Take a news post off the portal (back to a draft)',
    description: [
      '409 on a stale `version`. Audited.',
      '',
      'Example: `POST /api/v1/admin/news/31/unpublish` with `{"version":4}` → the post, `"status":"draft"`.',
    ].join('\n'),
    failures: [409],
  },
  delete: {
    tag: 'Back office',
    summary: 'Delete a news post',
    description:
      'With its picture. Audited with the post before. Example: `DELETE /api/v1/admin/news/31` → 204.',
  },
  uploadPicture: {
    tag: 'Back office',
    summary: 'Give a news post a picture',
    description: [
      'The file\u2019s bytes (JPEG, PNG, WebP or AVIF, decided by its content, never its name), with the',
      'picture\u2019s description in `alt`. Past the size limit: 413 `Fichero demasiado grande`, nothing',
      'stored; not an image: 422 under `file`. Metadata (GPS included) is dropped. The portal shows it',
      'instead of the drawn picture. Audited.',
      '',
      'Example: `PUT /api/v1/admin/news/31/picture?alt=Hojas%20de%20valeriana` with a JPEG →',
      'the post, `"image":{…,"uploaded":true}`.',
    ].join('\n'),
  },
  deletePicture: {
    tag: 'Back office',
    summary: 'Remove a news post\u2019s picture (back to the drawn one)',
    description: 'Audited. Example: `DELETE /api/v1/admin/news/31/picture` → the post, `"uploaded":false`.',
  },
  image: {
    tag: 'Back office',
    summary: 'A news post\u2019s picture, for the staff',
    description: [
      'The uploaded picture (WebP) or the drawn one (SVG), of any post, a draft included: what the',
      'preview shows before publishing. `v` only changes the address when the picture changes.',
      '',
      'Example: `GET /api/v1/admin/news/31/image?v=3` → the picture.',
    ].join('\n'),
  },
};
