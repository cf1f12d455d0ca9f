/**
 * The back office's training area (`/api/v1/admin/training/…`): the webinars (with their signups and
 * the attendees' CSV), the scientific materials and the newsletters, each with its PDF. Dates are
 * typed and shown on Madrid's wall clock and stored as instants. On the `@botica/api-client/admin`
 * entry.
 */
import * as z from 'zod/mini';
import {
  DateTimeSchema,
  IdSchema,
  MAX_ID,
  madridWallClockSchema,
  PaginationMetaSchema,
  trimmedText,
} from './common.ts';
import { TrainingFileSchema, WebinarPhaseSchema } from './training.ts';

/** The Spanish messages of the training's endpoints, as the server sends them under each field. */
export const ADMIN_TRAINING_MESSAGES = {
  textRequired: 'Este campo es obligatorio.',
  titleRequired: 'Escribe el título.',
  titleTooLong: 'El título puede tener como máximo 200 caracteres.',
  topicRequired: 'Escribe el tema.',
  topicTooLong: 'El tema puede tener como máximo 120 caracteres.',
  summaryRequired: 'Escribe el resumen.',
  summaryTooLong: 'El resumen puede tener como máximo 1000 caracteres.',
  descriptionRequired: 'Escribe la descripción.',
  descriptionTooLong: 'La descripción puede tener como máximo 20 000 caracteres.',
  speakerNameRequired: 'Escribe el nombre del ponente.',
  speakerTitleRequired: 'Escribe la titulación o el cargo del ponente.',
  speakerTooLong: 'Puede tener como máximo 200 caracteres.',
  startsAtInvalid: 'Indica la fecha y la hora de comienzo (hora peninsular).',
  durationInvalid: 'La duración es un número entero de minutos entre 1 y 600.',
  urlInvalid: 'Escribe un enlace completo que empiece por https://.',
  recordingBeforeEnd: 'La grabación solo puede añadirse cuando el webinar ha terminado.',
  productsTooMany: 'Un webinar puede tener como máximo 20 productos.',
  productUnknown: 'Alguno de los productos no existe.',
  materialProductsTooMany: 'Un documento puede tener como máximo 20 productos.',
  publishedOnInvalid: 'Indica la fecha de publicación.',
  tagInvalid: 'Cada etiqueta tiene entre 1 y 40 caracteres.',
  tagsTooMany: 'Un documento puede tener como máximo 10 etiquetas.',
  webinarUnknown: 'El webinar no existe.',
  versionRequired: 'Falta la versión que editabas.',
  stale: 'Otra persona lo ha cambiado mientras lo editabas. Recarga la página para ver sus cambios.',
  webinarNotFound: 'El webinar no existe.',
  materialNotFound: 'El documento no existe.',
  newsletterNotFound: 'El boletín no existe.',
  fileMissing: 'Todavía no tiene el PDF.',
  notAPdf: 'El fichero no es un PDF válido.',
  fileNameInvalid: 'El nombre del fichero tiene entre 1 y 200 caracteres.',
  searchTooLong: 'La búsqueda puede tener como máximo 100 caracteres.',
  pageInvalid: 'Debe ser un número entero.',
} as const;

const M = ADMIN_TRAINING_MESSAGES;

/** The most characters of a training list's search. */
export const TRAINING_SEARCH_MAX = 100;

/** The items a page of a back office's training list holds. */
export const ADMIN_TRAINING_PER_PAGE = 25;

/** The most products a webinar names. */
export const MAX_WEBINAR_PRODUCTS = 20;

/** The most products a material names. */
export const MAX_MATERIAL_PRODUCTS = 20;

/** The most tags a material carries. */
export const MAX_MATERIAL_TAGS_PER_MATERIAL = 10;

/** An https address (the webinar room, its recording): nothing else opens from the portal. */
const HttpsUrlSchema = z
  .string(M.urlInvalid)
  .check(
    z.trim(),
    z.maxLength(500, M.urlInvalid),
    z.regex(/^https:\/\/[^\s/?#]+\.[^\s/?#]+(\S*)$/i, M.urlInvalid),
  );

/** A webinar's start on Madrid's wall clock, as a `datetime-local` field writes it: `2027-03-29T10:00`. */
const StartsAtLocalSchema = madridWallClockSchema(M.startsAtInvalid);

/** A Madrid day as a `date` field writes it: `2027-03-29`. */
export const MadridDaySchema = z
  .string(M.publishedOnInvalid)
  .check(z.regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, M.publishedOnInvalid));

const VersionSchema = z
  .int(M.versionRequired)
  .check(z.gte(0, M.versionRequired), z.lte(MAX_ID, M.versionRequired));

const pageNumber = z.optional(
  z.coerce.number(M.pageInvalid).check(z.refine(Number.isInteger, M.pageInvalid), z.gte(1), z.lte(100_000)),
);
const search = z.optional(z.string().check(z.trim(), z.maxLength(TRAINING_SEARCH_MAX, M.searchTooLong)));

/** A product as a webinar names it. */
export const TrainingProductSchema = z.object({ id: IdSchema, name: z.string(), reference: z.string() });
export type TrainingProduct = z.infer<typeof TrainingProductSchema>;

/** A webinar as the back office lists it. */
export const AdminWebinarRowSchema = z.object({
  id: IdSchema,
  title: z.string(),
  topic: z.string(),
  speaker_name: z.string(),
  starts_at: DateTimeSchema,
  /** `starts_at` on Madrid's wall clock, `2027-03-29T10:00`. */
  starts_at_local: z.string(),
  duration_minutes: z.int(),
  phase: WebinarPhaseSchema,
  signup_count: z.int().check(z.gte(0)),
});
export type AdminWebinarRow = z.infer<typeof AdminWebinarRowSchema>;

/** A webinar whole, as its form edits it. `version` goes back with the edit. */
export const AdminWebinarSchema = z.extend(AdminWebinarRowSchema, {
  summary: z.string(),
  /** Paragraphs of plain text. */
  description: z.array(z.string()),
  speaker_title: z.string(),
  ends_at: DateTimeSchema,
  join_url: z.string(),
  recording_url: z.nullable(z.string()),
  products: z.array(TrainingProductSchema),
  version: z.int().check(z.gte(0)),
});
export type AdminWebinar = z.infer<typeof AdminWebinarSchema>;

/** `GET /api/v1/admin/training/webinars`: `q` matches the title, the topic or the speaker; soonest last. */
export const AdminWebinarsQuerySchema = z.object({
  q: search,
  when: z.optional(z.enum(['upcoming', 'past', 'all'])),
  page: pageNumber,
});
export type AdminWebinarsQuery = z.infer<typeof AdminWebinarsQuerySchema>;

export const AdminWebinarsResponseSchema = z.object({
  data: z.array(AdminWebinarRowSchema),
  meta: PaginationMetaSchema,
});
export type AdminWebinarsResponse = z.infer<typeof AdminWebinarsResponseSchema>;

export const AdminWebinarResponseSchema = z.object({ data: AdminWebinarSchema });
export type AdminWebinarResponse = z.infer<typeof AdminWebinarResponseSchema>;

const webinarFields = {
  title: trimmedText(200, M.titleTooLong, M.titleRequired),
  topic: trimmedText(120, M.topicTooLong, M.topicRequired),
  summary: trimmedText(1000, M.summaryTooLong, M.summaryRequired),
  /** Plain text; a blank line separates paragraphs. */
  description: trimmedText(20_000, M.descriptionTooLong, M.descriptionRequired),
  speaker_name: trimmedText(200, M.speakerTooLong, M.speakerNameRequired),
  speaker_title: trimmedText(200, M.speakerTooLong, M.speakerTitleRequired),
  /** Madrid's wall clock; the server stores the instant. */
  starts_at_local: StartsAtLocalSchema,
  duration_minutes: z
    .int(M.durationInvalid)
    .check(z.gte(1, M.durationInvalid), z.lte(600, M.durationInvalid)),
  join_url: HttpsUrlSchema,
  /** Only once the webinar has ended (422 before). */
  recording_url: z.nullable(HttpsUrlSchema),
  product_ids: z.array(IdSchema).check(z.maxLength(MAX_WEBINAR_PRODUCTS, M.productsTooMany)),
};

/** `POST /api/v1/admin/training/webinars`: a new webinar. */
export const AdminWebinarCreateRequestSchema = z.object(webinarFields);
export type AdminWebinarCreateRequest = z.infer<typeof AdminWebinarCreateRequestSchema>;

/** `PUT /api/v1/admin/training/webinars/{id}`: the webinar as left, on the `version` the form read. */
export const AdminWebinarUpdateRequestSchema = z.object({ ...webinarFields, version: VersionSchema });
export type AdminWebinarUpdateRequest = z.infer<typeof AdminWebinarUpdateRequestSchema>;

/** One signup: who (user and pharmacy), their e-mail and when. */
export const WebinarSignupRowSchema = z.object({
  user_id: IdSchema,
  user_name: z.string(),
  username: z.string(),
  email: z.nullable(z.string()),
  client_id: z.nullable(IdSchema),
  pharmacy_name: z.nullable(z.string()),
  signed_up_at: DateTimeSchema,
});
export type WebinarSignupRow = z.infer<typeof WebinarSignupRowSchema>;

export const WebinarSignupsResponseSchema = z.object({ data: z.array(WebinarSignupRowSchema) });
export type WebinarSignupsResponse = z.infer<typeof WebinarSignupsResponseSchema>;

/** `GET /api/v1/admin/training/products?q=`: active products by name or reference, for a webinar. */
export const TrainingProductsQuerySchema = z.object({ q: search });
export type TrainingProductsQuery = z.infer<typeof TrainingProductsQuerySchema>;

export const TrainingProductsResponseSchema = z.object({ data: z.array(TrainingProductSchema) });
export type TrainingProductsResponse = z.infer<typeof TrainingProductsResponseSchema>;

/** A material's or newsletter's PDF as the back office reads it (null until one is uploaded). */
const AdminFileSchema = z.nullable(TrainingFileSchema);

/** A scientific material as the back office lists and edits it. */
export const AdminMaterialSchema = z.object({
  id: IdSchema,
  title: z.string(),
  description: z.string(),
  published_at: DateTimeSchema,
  /** `published_at`'s Madrid day, `2027-03-29`. */
  published_on: z.string(),
  tags: z.array(z.string()),
  webinar: z.nullable(z.object({ id: IdSchema, title: z.string() })),
  /** The products it is about (the portal lists it on their pages). */
  products: z.array(TrainingProductSchema),
  /** Null until its PDF is uploaded: the portal lists only those with one. */
  file: AdminFileSchema,
  version: z.int().check(z.gte(0)),
});
export type AdminMaterial = z.infer<typeof AdminMaterialSchema>;

/** A newsletter issue as the back office lists and edits it. */
export const AdminNewsletterSchema = z.object({
  id: IdSchema,
  title: z.string(),
  summary: z.string(),
  published_at: DateTimeSchema,
  published_on: z.string(),
  file: AdminFileSchema,
  version: z.int().check(z.gte(0)),
});
export type AdminNewsletter = z.infer<typeof AdminNewsletterSchema>;

/** `GET …/materials` and `…/newsletters`: `q` matches the title; newest first. */
export const AdminLibraryQuerySchema = z.object({ q: search, page: pageNumber });
export type AdminLibraryQuery = z.infer<typeof AdminLibraryQuerySchema>;

export const AdminMaterialsResponseSchema = z.object({
  data: z.array(AdminMaterialSchema),
  meta: PaginationMetaSchema,
});
export type AdminMaterialsResponse = z.infer<typeof AdminMaterialsResponseSchema>;
export const AdminMaterialResponseSchema = z.object({ data: AdminMaterialSchema });
export type AdminMaterialResponse = z.infer<typeof AdminMaterialResponseSchema>;

export const AdminNewslettersResponseSchema = z.object({
  data: z.array(AdminNewsletterSchema),
  meta: PaginationMetaSchema,
});
export type AdminNewslettersResponse = z.infer<typeof AdminNewslettersResponseSchema>;
export const AdminNewsletterResponseSchema = z.object({ data: AdminNewsletterSchema });
export type AdminNewsletterResponse = z.infer<typeof AdminNewsletterResponseSchema>;

const materialFields = {
  title: trimmedText(200, M.titleTooLong, M.titleRequired),
  description: trimmedText(2000, M.descriptionTooLong, M.descriptionRequired),
  published_on: MadridDaySchema,
  /** The filter's tags by name; a new name makes a new tag. */
  tags: z
    .array(
      z.string(M.tagInvalid).check(z.trim(), z.minLength(1, M.tagInvalid), z.maxLength(40, M.tagInvalid)),
    )
    .check(z.maxLength(MAX_MATERIAL_TAGS_PER_MATERIAL, M.tagsTooMany)),
  webinar_id: z.nullable(IdSchema),
  /** The products it is about; left out, they stay as they are. */
  product_ids: z.optional(
    z.array(IdSchema).check(z.maxLength(MAX_MATERIAL_PRODUCTS, M.materialProductsTooMany)),
  ),
};

/** `POST …/materials`: a new material (its PDF is uploaded after). */
export const AdminMaterialCreateRequestSchema = z.object(materialFields);
export type AdminMaterialCreateRequest = z.infer<typeof AdminMaterialCreateRequestSchema>;

/** `PUT …/materials/{id}`: on the `version` the form read. */
export const AdminMaterialUpdateRequestSchema = z.object({ ...materialFields, version: VersionSchema });
export type AdminMaterialUpdateRequest = z.infer<typeof AdminMaterialUpdateRequestSchema>;

const newsletterFields = {
  title: trimmedText(200, M.titleTooLong, M.titleRequired),
  summary: trimmedText(2000, M.summaryTooLong, M.summaryRequired),
  published_on: MadridDaySchema,
};

/** `POST …/newsletters`: a new issue (its PDF is uploaded after). */
export const AdminNewsletterCreateRequestSchema = z.object(newsletterFields);
export type AdminNewsletterCreateRequest = z.infer<typeof AdminNewsletterCreateRequestSchema>;

/** `PUT …/newsletters/{id}`: on the `version` the form read. */
export const AdminNewsletterUpdateRequestSchema = z.object({ ...newsletterFields, version: VersionSchema });
export type AdminNewsletterUpdateRequest = z.infer<typeof AdminNewsletterUpdateRequestSchema>;

/** The query beside an uploaded PDF: the name its download will suggest. */
export const TrainingUploadQuerySchema = z.object({
  name: z.optional(
    z.string().check(z.trim(), z.minLength(1, M.fileNameInvalid), z.maxLength(200, M.fileNameInvalid)),
  ),
});
export type TrainingUploadQuery = z.infer<typeof TrainingUploadQuerySchema>;
