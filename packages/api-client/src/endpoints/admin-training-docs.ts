/** The back office's training area described for the OpenAPI document. */
import type { EndpointDocs } from '../endpoint.ts';
import type { adminMaterials, adminNewsletters, adminWebinars } from './admin-training.ts';

const TAG = 'Back office';

const WEBINAR_EXAMPLE =
  '`{"data":{"id":7,"title":"Valeriana y sueño","topic":"Fitoterapia del sueño","speaker_name":"Dra. Ana Ruiz",' +
  '"starts_at":"2027-03-29T08:00:00.000Z","starts_at_local":"2027-03-29T10:00","duration_minutes":60,' +
  '"phase":"upcoming","signup_count":0,"summary":"…","description":["…"],"speaker_title":"Doctora en Farmacia",' +
  '"ends_at":"2027-03-29T09:00:00.000Z","join_url":"https://meet.example/valeriana","recording_url":null,' +
  '"products":[{"id":3,"name":"Valeriana 60 cápsulas","reference":"VAL-060"}],"version":0}}`';

const MATERIAL_EXAMPLE =
  '`{"data":{"id":4,"title":"Valeriana: revisión clínica","description":"…","published_at":"2027-03-28T23:00:00.000Z",' +
  '"published_on":"2027-03-29","tags":["Sueño"],"webinar":{"id":7,"title":"Valeriana y sueño"},' +
  '"file":{"name":"valeriana.pdf","content_type":"application/pdf","size":48213,' +
  '"url":"/api/v1/driver/training/materials/4/file"},"version":1}}`';

const NEWSLETTER_EXAMPLE =
  '`{"data":{"id":2,"title":"Boletín de marzo","summary":"…","published_at":"2027-02-28T23:00:00.000Z",' +
  '"published_on":"2027-03-01","file":null,"version":0}}`';

const STALE = 'On a `version` older than the stored one, 409 with a message and nothing changed.';

const UPLOAD = [
  'The body is the PDF itself (`Content-Type: application/pdf`), `name` the name its download suggests.',
  'Past `TRAINING_PDF_MAX_BYTES` (20 MB by default) 413 `Fichero demasiado grande` and nothing stored;',
  'bytes that are not a PDF (whatever their name or type) 422 under `file`: `El fichero no es un PDF válido.`',
  'A replaced PDF stays until the new one is stored. Audited.',
].join('\n');

/** The descriptions of the training's endpoints (spread into `adminDocs`). */
export const adminTrainingDocs: EndpointDocs<{
  webinars: typeof adminWebinars;
  materials: typeof adminMaterials;
  newsletters: typeof adminNewsletters;
}> = {
  webinars: {
    list: {
      tag: TAG,
      summary: 'The webinars, latest first',
      description: [
        '`q` matches the title, the topic or the speaker (accents and case ignored); `when` narrows to',
        '`upcoming` or `past`; 25 a `page`. Each with its number of signups.',
        '',
        'Example: `GET /api/v1/admin/training/webinars?q=valeriana` →',
        '`{"data":[{"id":7,"title":"Valeriana y sueño",…,"signup_count":12}],',
        '"meta":{"current_page":1,"last_page":1,"per_page":25,"total":1}}`',
      ].join('\n'),
    },
    get: {
      tag: TAG,
      summary: 'One webinar, as its form edits it',
      description: `Example: \`GET /api/v1/admin/training/webinars/7\` → ${WEBINAR_EXAMPLE}`,
    },
    create: {
      tag: TAG,
      summary: 'Add a webinar',
      description: [
        "`starts_at_local` is Madrid's wall clock (`2027-03-29T10:00` is `08:00Z`, summer time); the links",
        'are https only; a recording only once the webinar has ended (422 under `recording_url`). Audited.',
        '',
        'Example: `POST /api/v1/admin/training/webinars` with `{"title":"Valeriana y sueño",',
        '"topic":"Fitoterapia del sueño","summary":"…","description":"…","speaker_name":"Dra. Ana Ruiz",',
        '"speaker_title":"Doctora en Farmacia","starts_at_local":"2027-03-29T10:00","duration_minutes":60,',
        `"join_url":"https://meet.example/valeriana","recording_url":null,"product_ids":[3]}\` → ${WEBINAR_EXAMPLE}`,
      ].join('\n'),
    },
    update: {
      tag: TAG,
      summary: 'Change a webinar',
      description: [
        `The whole webinar as the create takes it, with the \`version\` read. ${STALE}`,
        'When the start or the room link changes, each signed-up user with an e-mail gets a message',
        'with the calendar invitation updated. Audited with the webinar before and after.',
      ].join('\n'),
      failures: [409],
    },
    delete: {
      tag: TAG,
      summary: 'Delete a webinar',
      description: 'Its signups go with it; its materials stay, without the webinar. Audited. 204.',
    },
    signups: {
      tag: TAG,
      summary: "A webinar's signups (a sales rep: his pharmacies')",
      description: [
        'Example: `GET /api/v1/admin/training/webinars/7/signups` →',
        '`{"data":[{"user_id":5,"user_name":"Marta López","username":"farmacia.demo",',
        '"email":"marta@farmacia.example","client_id":1,"pharmacy_name":"Farmacia Demo",',
        '"signed_up_at":"2027-03-01T10:12:00.000Z"}]}`',
      ].join('\n'),
    },
    signupsCsv: {
      tag: TAG,
      summary: 'The attendees as a CSV for a Spanish spreadsheet',
      description: [
        'UTF-8 with a byte-order mark, `;` between fields: Farmacia; Usuario; Nombre; Correo electrónico;',
        'Fecha de inscripción (Madrid, `dd/mm/aaaa hh:mm`). A sales rep gets only his pharmacies.',
      ].join('\n'),
    },
    products: {
      tag: TAG,
      summary: 'Active products by name or reference, for a webinar',
      description:
        'Example: `GET /api/v1/admin/training/products?q=val` → `{"data":[{"id":3,"name":"Valeriana 60 cápsulas","reference":"VAL-060"}]}` (20 at most).',
    },
  },
  materials: {
    list: {
      tag: TAG,
      summary: 'The scientific materials, newest first',
      description: '`q` matches the title; 25 a `page`. A material without its PDF is not in the portal.',
    },
    get: {
      tag: TAG,
      summary: 'One material',
      description: `Example: \`GET /api/v1/admin/training/materials/4\` → ${MATERIAL_EXAMPLE}`,
    },
    create: {
      tag: TAG,
      summary: 'Add a material (its PDF is uploaded after)',
      description: [
        '`published_on` is a Madrid day; `tags` are names (a new one makes a tag); `webinar_id` the webinar',
        'it was presented in, or null. Audited.',
      ].join('\n'),
    },
    update: { tag: TAG, summary: 'Change a material', description: `${STALE} Audited.`, failures: [409] },
    delete: { tag: TAG, summary: 'Delete a material and its PDF', description: 'Audited. 204.' },
    upload: { tag: TAG, summary: "Upload or replace a material's PDF", description: UPLOAD, failures: [413] },
    file: { tag: TAG, summary: "A material's PDF", description: '404 while it has none.' },
  },
  newsletters: {
    list: {
      tag: TAG,
      summary: 'The newsletters, newest first',
      description: '`q` matches the title; 25 a `page`. An issue without its PDF is not in the portal.',
    },
    get: {
      tag: TAG,
      summary: 'One newsletter',
      description: `Example: \`GET /api/v1/admin/training/newsletters/2\` → ${NEWSLETTER_EXAMPLE}`,
    },
    create: {
      tag: TAG,
      summary: 'Add a newsletter (its PDF is uploaded after)',
      description: '`published_on` is a Madrid day. Audited.',
    },
    update: { tag: TAG, summary: 'Change a newsletter', description: `${STALE} Audited.`, failures: [409] },
    delete: { tag: TAG, summary: 'Delete a newsletter and its PDF', description: 'Audited. 204.' },
    upload: {
      tag: TAG,
      summary: "Upload or replace a newsletter's PDF",
      description: UPLOAD,
      failures: [413],
    },
    file: { tag: TAG, summary: "A newsletter's PDF", description: '404 while it has none.' },
  },
};
