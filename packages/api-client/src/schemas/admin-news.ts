/**
 * The back office's news (`/api/v1/admin/news…`): the laboratory's posts as the staff see them,
 * drafts and scheduled ones included, and the admins' changes to them. A post's body is the same
 * structured content the portal renders (`RichTextSchema`), never HTML.
 */
import * as z from 'zod/mini';
import { RichTextSchema } from './cms.ts';
import { DateTimeSchema, IdSchema, madridWallClockSchema, paginated } from './common.ts';

/** The Spanish messages of the news' refusals, as the server sends them under each field. */
export const NEWS_MESSAGES = {
  titleRequired: 'Escribe el título de la noticia.',
  excerptRequired: 'Escribe la entradilla: una o dos frases para la lista de noticias.',
  categoryRequired: 'Indica la categoría, por ejemplo Laboratorio.',
  authorRequired: 'Indica quién firma la noticia.',
  altRequired: 'Describe la imagen para quien no puede verla.',
  tooLong: (max: number) => `Como máximo ${max} caracteres.`,
  bodyInvalid: 'El cuerpo de la noticia no es válido.',
  dateInvalid: 'Indica la fecha y la hora de publicación (hora de Madrid).',
  versionRequired: 'Falta la versión de la noticia que se editó.',
  stale: 'Otra persona ha guardado esta noticia mientras la editabas. Recarga para ver sus cambios.',
  notFound: 'La noticia no existe.',
} as const;

/** The longest title, excerpt, category, author and picture description. */
export const NEWS_LIMITS = { title: 160, excerpt: 400, category: 40, author: 80, alt: 250 } as const;

/** A draft (not published), a scheduled post (published from a future date) or a published one. */
export const AdminPostStatusSchema = z.enum(['draft', 'scheduled', 'published']);
export type AdminPostStatus = z.infer<typeof AdminPostStatusSchema>;

/** A post in the back office's list. */
export const AdminPostSummarySchema = z.object({
  id: IdSchema,
  title: z.string(),
  category: z.string(),
  author: z.string(),
  status: AdminPostStatusSchema,
  /** When it shows (or showed) on the portal; null for a draft. */
  published_at: z.nullable(DateTimeSchema),
  updated_at: DateTimeSchema,
});
export type AdminPostSummary = z.infer<typeof AdminPostSummarySchema>;

/** A post whole, as its editor opens it. */
export const AdminPostSchema = z.extend(AdminPostSummarySchema, {
  excerpt: z.string(),
  body: RichTextSchema,
  /** The picture (the uploaded one, else the drawn one), readable by the staff even for a draft. */
  image: z.object({ url: z.string(), alt: z.string(), uploaded: z.boolean() }),
  /** Moves on with every change: an update or publication names the version it was made on. */
  version: z.int().check(z.positive()),
});
export type AdminPost = z.infer<typeof AdminPostSchema>;

export const AdminPostResponseSchema = z.object({ data: AdminPostSchema });
export type AdminPostResponse = z.infer<typeof AdminPostResponseSchema>;

/** The most posts one page of the back office's list holds. */
export const ADMIN_POSTS_PER_PAGE = 20;

/** `GET /api/v1/admin/news`: by title (`q`), by status, 1-based pages of 20 (drafts, then the latest published). */
export const AdminNewsQuerySchema = z.object({
  q: z.optional(z.string().check(z.maxLength(100))),
  status: z.optional(AdminPostStatusSchema),
  page: z.optional(
    z.coerce
      .number()
      .check(z.refine(Number.isInteger, 'Debe ser un número entero.'), z.gte(1), z.lte(100_000)),
  ),
});
export type AdminNewsQuery = z.infer<typeof AdminNewsQuerySchema>;

export const AdminNewsResponseSchema = paginated(AdminPostSummarySchema);
export type AdminNewsResponse = z.infer<typeof AdminNewsResponseSchema>;

const required = (message: string, max: number) =>
  z.string(message).check(
    z.refine((value) => value.trim() !== '', message),
    z.maxLength(max, NEWS_MESSAGES.tooLong(max)),
  );

const VersionSchema = z.int(NEWS_MESSAGES.versionRequired).check(z.positive(NEWS_MESSAGES.versionRequired));

/** `POST /api/v1/admin/news`: a new post, saved as a draft. */
export const AdminPostCreateRequestSchema = z.object({
  title: required(NEWS_MESSAGES.titleRequired, NEWS_LIMITS.title),
  excerpt: required(NEWS_MESSAGES.excerptRequired, NEWS_LIMITS.excerpt),
  category: required(NEWS_MESSAGES.categoryRequired, NEWS_LIMITS.category),
  author: required(NEWS_MESSAGES.authorRequired, NEWS_LIMITS.author),
  image_alt: required(NEWS_MESSAGES.altRequired, NEWS_LIMITS.alt),
  body: RichTextSchema,
});
export type AdminPostCreateRequest = z.infer<typeof AdminPostCreateRequestSchema>;

/**
 * `PUT /api/v1/admin/news/{id}`: the post's text, made on `version` (409 when another admin saved
 * it meanwhile).
 */
export const AdminPostUpdateRequestSchema = z.extend(AdminPostCreateRequestSchema, {
  version: VersionSchema,
});
export type AdminPostUpdateRequest = z.infer<typeof AdminPostUpdateRequestSchema>;

/** A post's publication on Madrid's wall clock, as a `datetime-local` field writes it: `2026-12-01T09:30`. */
const PublishedAtSchema = madridWallClockSchema(NEWS_MESSAGES.dateInvalid);

/**
 * `POST /api/v1/admin/news/{id}/publish`: shows the post on the portal from `published_at`, Madrid's
 * wall clock (a future date schedules it).
 */
export const AdminPostPublishRequestSchema = z.object({
  published_at: PublishedAtSchema,
  version: VersionSchema,
});
export type AdminPostPublishRequest = z.infer<typeof AdminPostPublishRequestSchema>;

/** `POST /api/v1/admin/news/{id}/unpublish`: back to a draft. */
export const AdminPostVersionRequestSchema = z.object({ version: VersionSchema });
export type AdminPostVersionRequest = z.infer<typeof AdminPostVersionRequestSchema>;

/** `PUT /api/v1/admin/news/{id}/picture?alt=…`: the picture's description travels beside the file. */
export const AdminPostPictureQuerySchema = z.object({
  alt: required(NEWS_MESSAGES.altRequired, NEWS_LIMITS.alt),
});
export type AdminPostPictureQuery = z.infer<typeof AdminPostPictureQuerySchema>;

/** The media types a post's picture may be uploaded as (its bytes decide). */
export const POST_PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
