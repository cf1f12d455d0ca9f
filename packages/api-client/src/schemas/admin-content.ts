/**
 * The back office's content (`/api/v1/admin/messages…`, `/api/v1/admin/showcase…`): the laboratory's
 * messages to the pharmacies (to every pharmacy or only some, with how many users have read each) and
 * the portal home's showcase (its banners and featured products, in order). On the
 * `@botica/api-client/admin` entry.
 */
import * as z from 'zod/mini';
import { DateTimeSchema, dataList, dataOf, IdSchema, MAX_ID, trimmedText } from './common.ts';
import { LabMessageKindSchema, LabMessageSeveritySchema } from './messages.ts';

/** The Spanish messages of the content's endpoints, as the server sends them under each field. */
export const ADMIN_CONTENT_MESSAGES = {
  messageNotFound: 'El mensaje no existe.',
  bannerNotFound: 'El banner no existe.',
  stale:
    'Otra persona ha cambiado estos datos mientras los editabas. Recarga la página y vuelve a intentarlo.',
  kindRequired: 'Elige el tipo de mensaje.',
  severityRequired: 'Elige la importancia del mensaje.',
  titleRequired: 'El título es obligatorio.',
  titleTooLong: 'El título puede tener como máximo 160 caracteres.',
  bodyRequired: 'El texto es obligatorio.',
  bodyTooLong: 'El texto puede tener como máximo 5.000 caracteres.',
  dateRequired: 'Indica la fecha y la hora.',
  endsBeforeStarts: 'El final debe ser posterior al inicio.',
  clientUnknown: 'Alguna de las farmacias elegidas no existe.',
  tooManyClients: 'Puedes elegir como máximo 500 farmacias.',
  textRequired: 'El texto es obligatorio.',
  textTooLong: 'El texto puede tener como máximo 300 caracteres.',
  hrefInvalid: 'El enlace debe ser una dirección del portal que empiece por /, por ejemplo /catalog.',
  hueInvalid: 'El tono debe ser un número entero de 0 a 359.',
  activeRequired: 'Indica si el banner está activo.',
  directionInvalid: 'Indica si el banner sube o baja.',
  productUnknown: 'Alguno de los productos elegidos no existe o no está a la venta.',
  tooManyProducts: 'Puedes destacar como máximo 8 productos.',
  duplicateProducts: 'Un producto solo puede aparecer una vez.',
  versionRequired: 'Falta la versión de los datos que editabas.',
  idInvalid: 'Debe ser un identificador válido.',
  searchTooLong: 'La búsqueda puede tener como máximo 100 caracteres.',
} as const;

/** The most featured products the portal's home shows. */
export const FEATURED_PRODUCTS_MAX = 8;

/** The most pharmacies a message may be addressed to one by one. */
export const MESSAGE_CLIENTS_MAX = 500;

/**
 * Whether a banner's link is a path of the portal (`/catalog?familia=3`): it starts with one `/`
 * (never `//other.site`) and has no spaces or backslashes. Addresses of other sites are refused.
 * @example isPortalPath('/catalog') // true
 * @example isPortalPath('javascript:alert(1)') // false
 */
export function isPortalPath(href: string): boolean {
  return /^\/(?![/\\])/.test(href) && !/[\s\\]/.test(href);
}

const IdListItemSchema = z
  .int(ADMIN_CONTENT_MESSAGES.idInvalid)
  .check(z.gte(1, ADMIN_CONTENT_MESSAGES.idInvalid), z.lte(MAX_ID, ADMIN_CONTENT_MESSAGES.idInvalid));

// The messages.

/** A pharmacy a message is addressed to. */
export const MessageTargetSchema = z.object({ id: IdSchema, name: z.string(), tax_id: z.string() });
export type MessageTarget = z.infer<typeof MessageTargetSchema>;

/** A message as the back office shows it. */
export const AdminMessageSchema = z.object({
  id: IdSchema,
  kind: LabMessageKindSchema,
  severity: LabMessageSeveritySchema,
  title: z.string(),
  /** Plain text, paragraphs separated by a blank line. */
  body: z.string(),
  /** Shown from (included). */
  starts_at: DateTimeSchema,
  /** Shown until (excluded). */
  ends_at: DateTimeSchema,
  /** The pharmacies it is addressed to that the reader may see (a sales rep: his own). */
  clients: z.array(MessageTargetSchema),
  /** How many more pharmacies it is addressed to, outside the reader's zone. Both empty: every pharmacy. */
  other_clients_count: z.int().check(z.gte(0)),
  /** How many users have opened it. */
  reads_count: z.int().check(z.gte(0)),
  created_at: DateTimeSchema,
  /** The version the next change must name (a 409 when another change came first). */
  updated_at: DateTimeSchema,
});
export type AdminMessage = z.infer<typeof AdminMessageSchema>;

/** `GET /api/v1/admin/messages`: every message, the latest to start first. */
export const AdminMessagesResponseSchema = dataList(AdminMessageSchema);
export type AdminMessagesResponse = z.infer<typeof AdminMessagesResponseSchema>;

export const AdminMessageResponseSchema = dataOf(AdminMessageSchema);
export type AdminMessageResponse = z.infer<typeof AdminMessageResponseSchema>;

const MessageFields = {
  kind: LabMessageKindSchema,
  severity: LabMessageSeveritySchema,
  title: trimmedText(160, ADMIN_CONTENT_MESSAGES.titleTooLong, ADMIN_CONTENT_MESSAGES.titleRequired),
  body: trimmedText(5_000, ADMIN_CONTENT_MESSAGES.bodyTooLong, ADMIN_CONTENT_MESSAGES.bodyRequired),
  starts_at: z.iso.datetime({ offset: true, error: ADMIN_CONTENT_MESSAGES.dateRequired }),
  ends_at: z.iso.datetime({ offset: true, error: ADMIN_CONTENT_MESSAGES.dateRequired }),
  /** The pharmacies it is addressed to; empty or absent: every pharmacy. */
  client_ids: z.optional(
    z.array(IdListItemSchema).check(z.maxLength(MESSAGE_CLIENTS_MAX, ADMIN_CONTENT_MESSAGES.tooManyClients)),
  ),
};

const endsAfterStarts = z.superRefine((value: { starts_at: string; ends_at: string }, context) => {
  if (Date.parse(value.ends_at) <= Date.parse(value.starts_at))
    context.issues.push({
      code: 'custom',
      message: ADMIN_CONTENT_MESSAGES.endsBeforeStarts,
      input: value.ends_at,
      path: ['ends_at'],
    });
});

/** `POST /api/v1/admin/messages`: a new message; `ends_at` after `starts_at` (422 under `ends_at`). */
export const AdminMessageCreateRequestSchema = z.object(MessageFields).check(endsAfterStarts);
export type AdminMessageCreateRequest = z.infer<typeof AdminMessageCreateRequestSchema>;

/** `PUT /api/v1/admin/messages/{id}`: the whole message again, with the `updated_at` it was read at. */
export const AdminMessageUpdateRequestSchema = z
  .object({
    ...MessageFields,
    updated_at: z.iso.datetime({ offset: true, error: ADMIN_CONTENT_MESSAGES.versionRequired }),
  })
  .check(endsAfterStarts);
export type AdminMessageUpdateRequest = z.infer<typeof AdminMessageUpdateRequestSchema>;

// The showcase.

/** A banner as the back office shows it (`position`: its place, the first shown first). */
export const AdminBannerSchema = z.object({
  id: IdSchema,
  title: z.string(),
  text: z.string(),
  /** A path of the portal. */
  href: z.string(),
  /** Accent hue of the banner's artwork, 0–359. */
  hue: z.int().check(z.gte(0), z.lte(359)),
  active: z.boolean(),
  position: z.int(),
  updated_at: DateTimeSchema,
});
export type AdminBanner = z.infer<typeof AdminBannerSchema>;

/** `GET /api/v1/admin/showcase/banners`: every banner, in the order the home shows the active ones. */
export const AdminBannersResponseSchema = dataList(AdminBannerSchema);
export type AdminBannersResponse = z.infer<typeof AdminBannersResponseSchema>;

export const AdminBannerResponseSchema = dataOf(AdminBannerSchema);
export type AdminBannerResponse = z.infer<typeof AdminBannerResponseSchema>;

const BannerFields = {
  title: trimmedText(160, ADMIN_CONTENT_MESSAGES.titleTooLong, ADMIN_CONTENT_MESSAGES.titleRequired),
  text: trimmedText(300, ADMIN_CONTENT_MESSAGES.textTooLong, ADMIN_CONTENT_MESSAGES.textRequired),
  href: z
    .string(ADMIN_CONTENT_MESSAGES.hrefInvalid)
    .check(
      z.trim(),
      z.maxLength(500, ADMIN_CONTENT_MESSAGES.hrefInvalid),
      z.refine(isPortalPath, ADMIN_CONTENT_MESSAGES.hrefInvalid),
    ),
  hue: z
    .int(ADMIN_CONTENT_MESSAGES.hueInvalid)
    .check(z.gte(0, ADMIN_CONTENT_MESSAGES.hueInvalid), z.lte(359, ADMIN_CONTENT_MESSAGES.hueInvalid)),
  active: z.boolean(ADMIN_CONTENT_MESSAGES.activeRequired),
};

/** `POST /api/v1/admin/showcase/banners`: a new banner, placed last. */
export const AdminBannerCreateRequestSchema = z.object(BannerFields);
export type AdminBannerCreateRequest = z.infer<typeof AdminBannerCreateRequestSchema>;

/** `PUT /api/v1/admin/showcase/banners/{id}`: the whole banner again, with its `updated_at`. */
export const AdminBannerUpdateRequestSchema = z.object({
  ...BannerFields,
  updated_at: z.iso.datetime({ offset: true, error: ADMIN_CONTENT_MESSAGES.versionRequired }),
});
export type AdminBannerUpdateRequest = z.infer<typeof AdminBannerUpdateRequestSchema>;

/** `POST /api/v1/admin/showcase/banners/{id}/move`: one place up (earlier) or down (later). */
export const AdminBannerMoveRequestSchema = z.object({
  direction: z.enum(['up', 'down'], ADMIN_CONTENT_MESSAGES.directionInvalid),
});
export type AdminBannerMoveRequest = z.infer<typeof AdminBannerMoveRequestSchema>;

/** A product as the showcase's editor names it. */
export const ShowcaseProductSchema = z.object({
  id: IdSchema,
  reference: z.string(),
  name: z.string(),
  /** Whether the catalogue sells it (an inactive featured product is not shown). */
  active: z.boolean(),
});
export type ShowcaseProduct = z.infer<typeof ShowcaseProductSchema>;

/** `GET /api/v1/admin/showcase/featured`: the featured products the home shows (at most 8), in order. */
export const FeaturedProductsResponseSchema = dataList(ShowcaseProductSchema);
export type FeaturedProductsResponse = z.infer<typeof FeaturedProductsResponseSchema>;

/** `PUT /api/v1/admin/showcase/featured`: the featured products, in order (at most 8, none twice). */
export const FeaturedProductsRequestSchema = z.object({
  product_ids: z.array(IdListItemSchema).check(
    z.maxLength(FEATURED_PRODUCTS_MAX, ADMIN_CONTENT_MESSAGES.tooManyProducts),
    z.refine((ids) => new Set(ids).size === ids.length, ADMIN_CONTENT_MESSAGES.duplicateProducts),
  ),
});
export type FeaturedProductsRequest = z.infer<typeof FeaturedProductsRequestSchema>;

/** `GET /api/v1/admin/showcase/products?q=`: products on sale whose reference or name matches, to feature. */
export const ShowcaseProductsQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(100, ADMIN_CONTENT_MESSAGES.searchTooLong))),
});
export type ShowcaseProductsQuery = z.infer<typeof ShowcaseProductsQuerySchema>;

export const ShowcaseProductsResponseSchema = dataList(ShowcaseProductSchema);
export type ShowcaseProductsResponse = z.infer<typeof ShowcaseProductsResponseSchema>;
