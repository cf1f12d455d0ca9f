/**
 * The back office's pharmacies (`/api/v1/admin/pharmacies…`): the laboratory looks them up, reads one
 * whole (shops, users, latest orders, invoices and refunds) and changes its discount group, sales rep
 * and recargo de equivalencia, and acts on its users. Also the lookups its forms and filters use: the
 * sales reps and the discount groups. On the `@botica/api-client/admin` entry.
 */
import * as z from 'zod/mini';
import { ShopSchema } from './account.ts';
import { OrderStatusSchema } from './cart.ts';
import { DateTimeSchema, EurosSchema, IdSchema, MAX_ID, PaginationMetaSchema } from './common.ts';

/** The Spanish messages of the pharmacies' endpoints, as the server sends them. */
export const ADMIN_PHARMACY_MESSAGES = {
  notFound: 'El cliente no existe.',
  userNotFound: 'Ese usuario no es de esta farmacia.',
  documentNotFound: 'El documento no existe.',
  discountGroupUnknown: 'El grupo de descuento no existe.',
  salesRepUnknown: 'El comercial no existe.',
  idInvalid: 'Debe ser un identificador válido.',
  recargoInvalid: 'Indica sí o no.',
  isActiveRequired: 'Indica si el usuario queda activo o no.',
  searchTooLong: 'La búsqueda puede tener como máximo 100 caracteres.',
  pageInvalid: 'Debe ser un número entero.',
} as const;

/** The most characters of a pharmacies' search. */
export const PHARMACY_SEARCH_MAX = 100;

/** The pharmacies a page of the list holds. */
export const PHARMACIES_PER_PAGE = 50;

const QueryIdSchema = z.coerce
  .number(ADMIN_PHARMACY_MESSAGES.idInvalid)
  .check(
    z.refine(Number.isInteger, ADMIN_PHARMACY_MESSAGES.idInvalid),
    z.gte(1, ADMIN_PHARMACY_MESSAGES.idInvalid),
    z.lte(MAX_ID, ADMIN_PHARMACY_MESSAGES.idInvalid),
  );

/**
 * `GET /api/v1/admin/pharmacies`: `q` matches the name, the CIF/NIF, the ERP code, the city or any of
 * its users' usernames (accents and case ignored); only those of a sales rep (`sales_rep_id`) or a
 * discount group (`discount_group_id`); 1-based `page` of 50, by name.
 */
export const AdminPharmaciesQuerySchema = z.object({
  q: z.optional(
    z.string().check(z.trim(), z.maxLength(PHARMACY_SEARCH_MAX, ADMIN_PHARMACY_MESSAGES.searchTooLong)),
  ),
  sales_rep_id: z.optional(QueryIdSchema),
  discount_group_id: z.optional(QueryIdSchema),
  page: z.optional(
    z.coerce
      .number(ADMIN_PHARMACY_MESSAGES.pageInvalid)
      .check(z.refine(Number.isInteger, ADMIN_PHARMACY_MESSAGES.pageInvalid), z.gte(1), z.lte(100_000)),
  ),
});
export type AdminPharmaciesQuery = z.infer<typeof AdminPharmaciesQuerySchema>;

/** A sales rep as a pharmacy names him. */
export const SalesRepReferenceSchema = z.object({ id: IdSchema, name: z.string() });
export type SalesRepReference = z.infer<typeof SalesRepReferenceSchema>;

/** A discount group: its name and its cart-level discount in percent (0–100, two decimals). */
export const DiscountGroupSchema = z.object({
  id: IdSchema,
  name: z.string(),
  discount_percent: z.number().check(z.gte(0), z.lte(100)),
});
export type DiscountGroup = z.infer<typeof DiscountGroupSchema>;

/** A pharmacy as the list shows it. */
export const AdminPharmacySummarySchema = z.object({
  id: IdSchema,
  name: z.string(),
  tax_id: z.string(),
  erp_code: z.string(),
  city: z.string(),
  province: z.string(),
  sales_rep: z.nullable(SalesRepReferenceSchema),
  discount_group: z.nullable(DiscountGroupSchema),
  recargo_equivalencia: z.boolean(),
  /** Its users: the main user and its sub-users, active or not. */
  users_count: z.int().check(z.gte(0)),
  /** When its latest order was sent; null when it has sent none. */
  last_order_at: z.nullable(DateTimeSchema),
});
export type AdminPharmacySummary = z.infer<typeof AdminPharmacySummarySchema>;

export const AdminPharmaciesResponseSchema = z.object({
  data: z.array(AdminPharmacySummarySchema),
  meta: PaginationMetaSchema,
});
export type AdminPharmaciesResponse = z.infer<typeof AdminPharmaciesResponseSchema>;

/** One of a pharmacy's shops: the portal's own shape (MIS DATOS). */
export const AdminShopSchema = ShopSchema;
export type AdminShop = z.infer<typeof AdminShopSchema>;

/** One of a pharmacy's users, as the laboratory sees it. */
export const AdminPharmacyUserSchema = z.object({
  id: IdSchema,
  username: z.string(),
  name: z.string(),
  email: z.nullable(z.string()),
  /** The pharmacy's main user (true) or one of its sub-users (false). */
  is_main_user: z.boolean(),
  is_active: z.boolean(),
  /** What a sub-user may do; a main user always may both. */
  permissions: z.object({ can_send_orders: z.boolean(), can_view_invoices: z.boolean() }),
  /** A link to set or reset the password was sent and is still unused and valid. */
  password_link_pending: z.boolean(),
  created_at: DateTimeSchema,
});
export type AdminPharmacyUser = z.infer<typeof AdminPharmacyUserSchema>;

/** One of a pharmacy's latest orders. */
export const AdminPharmacyOrderSchema = z.object({
  id: IdSchema,
  /** E.g. 'PW-2026-000123'. */
  number: z.string(),
  created_at: DateTimeSchema,
  status: OrderStatusSchema,
  total_price: EurosSchema,
});
export type AdminPharmacyOrder = z.infer<typeof AdminPharmacyOrderSchema>;

/** One of a pharmacy's invoices or refunds (a refund's total is what it gives back, positive). */
export const AdminPharmacyDocumentSchema = z.object({
  id: IdSchema,
  /** 'F2026-000123' (invoices), 'R2026-000012' (refunds). */
  number: z.string(),
  issued_at: DateTimeSchema,
  total_price: EurosSchema,
  /** The back office's address of its PDF (`GET /api/v1/admin/documents/{id}/pdf` under the public URL). */
  pdf_url: z.string(),
});
export type AdminPharmacyDocument = z.infer<typeof AdminPharmacyDocumentSchema>;

/** A pharmacy, whole: its data, shops, users, latest orders, invoices and refunds. */
export const AdminPharmacyDetailSchema = z.object({
  ...AdminPharmacySummarySchema.shape,
  address: z.string(),
  postal_code: z.string(),
  phone: z.string(),
  email: z.string(),
  created_at: DateTimeSchema,
  shops: z.array(AdminShopSchema),
  /** The main user first, then the sub-users by name. */
  users: z.array(AdminPharmacyUserSchema),
  /** Its 10 latest orders, newest first. */
  latest_orders: z.array(AdminPharmacyOrderSchema),
  /** Its 20 latest invoices, newest first. */
  invoices: z.array(AdminPharmacyDocumentSchema),
  /** Its 20 latest refunds, newest first. */
  refunds: z.array(AdminPharmacyDocumentSchema),
});
export type AdminPharmacyDetail = z.infer<typeof AdminPharmacyDetailSchema>;

export const AdminPharmacyResponseSchema = z.object({ data: AdminPharmacyDetailSchema });
export type AdminPharmacyResponse = z.infer<typeof AdminPharmacyResponseSchema>;

const BodyIdSchema = z
  .int(ADMIN_PHARMACY_MESSAGES.idInvalid)
  .check(z.positive(ADMIN_PHARMACY_MESSAGES.idInvalid), z.lte(MAX_ID, ADMIN_PHARMACY_MESSAGES.idInvalid));

/**
 * `PATCH /api/v1/admin/pharmacies/{id}`: what changes (each field optional; null clears the group or
 * the rep). An id that names no group or rep is a 422 under its field.
 */
export const AdminPharmacyUpdateRequestSchema = z.object({
  discount_group_id: z.optional(z.nullable(BodyIdSchema)),
  sales_rep_id: z.optional(z.nullable(BodyIdSchema)),
  recargo_equivalencia: z.optional(z.boolean(ADMIN_PHARMACY_MESSAGES.recargoInvalid)),
});
export type AdminPharmacyUpdateRequest = z.infer<typeof AdminPharmacyUpdateRequestSchema>;

/**
 * `PATCH /api/v1/admin/pharmacies/{id}/users/{userId}`: activates or deactivates the user
 * (deactivating ends his sessions at once).
 */
export const AdminPharmacyUserUpdateRequestSchema = z.object({
  is_active: z.boolean(ADMIN_PHARMACY_MESSAGES.isActiveRequired),
});
export type AdminPharmacyUserUpdateRequest = z.infer<typeof AdminPharmacyUserUpdateRequestSchema>;

export const AdminPharmacyUserResponseSchema = z.object({ data: AdminPharmacyUserSchema });
export type AdminPharmacyUserResponse = z.infer<typeof AdminPharmacyUserResponseSchema>;

/** A sales rep of the laboratory, with how many pharmacies are his. */
export const SalesRepSchema = z.object({
  id: IdSchema,
  name: z.string(),
  zone: z.string(),
  email: z.string(),
  phone: z.string(),
  pharmacies_count: z.int().check(z.gte(0)),
});
export type SalesRep = z.infer<typeof SalesRepSchema>;

/** `GET /api/v1/admin/sales-reps`: every rep for an admin, himself for a rep; by name. */
export const SalesRepsResponseSchema = z.object({ data: z.array(SalesRepSchema) });
export type SalesRepsResponse = z.infer<typeof SalesRepsResponseSchema>;

/** `GET /api/v1/admin/discount-groups`: every discount group, by name. */
export const DiscountGroupsResponseSchema = z.object({ data: z.array(DiscountGroupSchema) });
export type DiscountGroupsResponse = z.infer<typeof DiscountGroupsResponseSchema>;
