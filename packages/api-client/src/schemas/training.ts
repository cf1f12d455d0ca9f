/**
 * Training: `GET /api/v1/driver/training/webinars`, `/webinars/{id}`, `/materials`,
 * `/materials_tags` and `/newsletters`, and the webinar signup (`POST` and `DELETE
 * /api/v1/driver/training/webinars/{id}/signup`). The upcoming webinars are public; past ones, the
 * materials and the newsletters need a logged-in pharmacist.
 */
import * as z from 'zod/mini';
import { DateTimeSchema, dataList, dataOf, IdSchema, paginated } from './common.ts';

/** Where a webinar stands: signups open, join link open (15 minutes before until the end), ended. */
export const WebinarPhaseSchema = z.enum(['upcoming', 'joinable', 'ended']);

export const SpeakerSchema = z.object({
  name: z.string(),
  /** What qualifies the speaker, e.g. 'Doctora en Farmacia, Universidad de Granada'. */
  title: z.string(),
});
export type Speaker = z.infer<typeof SpeakerSchema>;

/** A downloadable file: its name, type, size in bytes and the API address to fetch it from. */
export const TrainingFileSchema = z.object({
  name: z.string(),
  content_type: z.string(),
  size: z.int().check(z.gte(0)),
  url: z.string(),
});
export type TrainingFile = z.infer<typeof TrainingFileSchema>;

export const MaterialTagSchema = z.object({
  id: IdSchema,
  name: z.string(),
  slug: z.string(),
});
export type MaterialTag = z.infer<typeof MaterialTagSchema>;

/** A scientific document (Material Científico). */
export const MaterialSchema = z.object({
  id: IdSchema,
  title: z.string(),
  description: z.string(),
  published_at: DateTimeSchema,
  tags: z.array(MaterialTagSchema),
  file: TrainingFileSchema,
  /** The webinar it was presented in, if any. */
  webinar: z.nullable(z.object({ id: IdSchema, title: z.string() })),
});
export type Material = z.infer<typeof MaterialSchema>;

/** A webinar of the agenda or of the history. */
export const WebinarSchema = z.object({
  id: IdSchema,
  title: z.string(),
  /** The plant or subject, e.g. 'Fitoterapia del sueño'. */
  topic: z.string(),
  summary: z.string(),
  speaker: SpeakerSchema,
  starts_at: DateTimeSchema,
  ends_at: DateTimeSchema,
  duration_minutes: z.int().check(z.gte(1)),
  /** At the moment of the answer (the server's clock). */
  phase: WebinarPhaseSchema,
  /** The laboratory's products it is about. */
  products: z.array(z.object({ id: IdSchema, name: z.string(), reference: z.string() })),
  /** Whether the logged-in user is signed up (false for anonymous visitors). */
  is_signed_up: z.boolean(),
  /** The recording, once it has ended (logged in only; null otherwise). */
  recording_url: z.nullable(z.string()),
  /** Its materials (logged in only; empty otherwise). */
  materials: z.array(z.object({ id: IdSchema, title: z.string(), file: TrainingFileSchema })),
});
export type Webinar = z.infer<typeof WebinarSchema>;

/** The webinar page: the list's fields, the description and the join link when it is time. */
export const WebinarDetailSchema = z.extend(WebinarSchema, {
  /** Paragraphs of plain text. */
  description: z.array(z.string()),
  /** Only to a signed-up user, only while the webinar is joinable; null otherwise. */
  join_url: z.nullable(z.string()),
});
export type WebinarDetail = z.infer<typeof WebinarDetailSchema>;

/** A newsletter of the archive. */
export const NewsletterSchema = z.object({
  id: IdSchema,
  title: z.string(),
  summary: z.string(),
  published_at: DateTimeSchema,
  file: TrainingFileSchema,
});
export type Newsletter = z.infer<typeof NewsletterSchema>;

const wholeNumber = (max: number) =>
  z.optional(
    z.coerce.number().check(z.refine(Number.isInteger, 'Debe ser un número entero.'), z.gte(1), z.lte(max)),
  );

/** The most items one page of a training list may hold. */
export const MAX_TRAINING_PER_PAGE = 50;
/** The most tags a material filter may name. */
export const MAX_MATERIAL_TAGS = 20;

/**
 * The query of `GET .../webinars`: `when=upcoming` (the agenda, soonest first; public) or `when=past`
 * (the history, latest first; logged in).
 */
export const WebinarsQuerySchema = z.object({
  when: z.optional(z.enum(['upcoming', 'past'])),
  page: wholeNumber(100_000),
  per_page: wholeNumber(MAX_TRAINING_PER_PAGE),
});
export type WebinarsQuery = z.infer<typeof WebinarsQuerySchema>;

/**
 * The query of `GET .../materials`: the material filter's tags (`tags[]=1&tags[]=4` on the wire:
 * documents with every tag named), newest first.
 */
export const MaterialsQuerySchema = z.object({
  tags: z.optional(
    z
      .array(
        z.coerce
          .number()
          .check(z.refine(Number.isInteger, 'Debe ser un número entero.'), z.gte(1), z.lte(2_147_483_647)),
      )
      .check(z.maxLength(MAX_MATERIAL_TAGS)),
  ),
  page: wholeNumber(100_000),
  per_page: wholeNumber(MAX_TRAINING_PER_PAGE),
});
export type MaterialsQuery = z.infer<typeof MaterialsQuerySchema>;

/** The query of `GET .../newsletters`, newest first. */
export const NewslettersQuerySchema = z.object({
  page: wholeNumber(100_000),
  per_page: wholeNumber(MAX_TRAINING_PER_PAGE),
});
export type NewslettersQuery = z.infer<typeof NewslettersQuerySchema>;

/** The body of the signup calls: nothing to say (an empty object, or none). */
export const WebinarSignupRequestSchema = z.strictObject({});
export type WebinarSignupRequest = z.infer<typeof WebinarSignupRequestSchema>;

export const WebinarsResponseSchema = paginated(WebinarSchema);
export type WebinarsResponse = z.infer<typeof WebinarsResponseSchema>;
export const WebinarResponseSchema = dataOf(WebinarDetailSchema);
export const MaterialsResponseSchema = paginated(MaterialSchema);
export type MaterialsResponse = z.infer<typeof MaterialsResponseSchema>;
/** Every tag with how many documents carry it. */
export const MaterialTagsResponseSchema = dataList(
  z.extend(MaterialTagSchema, { material_count: z.int().check(z.gte(0)) }),
);
export type MaterialTagsResponse = z.infer<typeof MaterialTagsResponseSchema>;
export const NewslettersResponseSchema = paginated(NewsletterSchema);
export type NewslettersResponse = z.infer<typeof NewslettersResponseSchema>;
