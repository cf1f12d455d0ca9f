/**
 * The account area: the pharmacy and its sales team (EQUIPO
 * COMERCIAL), its shops and discount group (MIS DATOS), the password change, and the sub-users
 * (MIS USUARIOS). Every `{clientId}` must be the session's client (403 otherwise); only the
 * pharmacy's main user manages its sub-users (403 for a sub-user).
 */
import * as z from 'zod/mini';
import { DateTimeSchema, IdSchema } from './common.ts';

/** A person or office the pharmacy can call or write to. */
export const SalesContactSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type SalesContact = z.infer<typeof SalesContactSchema>;

/** The pharmacy's sales rep: a contact, and the zone they cover. */
export const SalesRepSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  zone: z.string(),
});
export type SalesRep = z.infer<typeof SalesRepSchema>;

/** A pharmacy (client of the laboratory) as its own users see it. */
export const ClientSchema = z.object({
  id: IdSchema,
  name: z.string(),
  /** CIF, or the pharmacist's NIF/NIE. */
  tax_id: z.string(),
  /** The client's code in the laboratory's ERP. */
  erp_code: z.string(),
  address: z.string(),
  postal_code: z.string(),
  city: z.string(),
  province: z.string(),
  phone: z.string(),
  email: z.string(),
  /** In the VAT regime of recargo de equivalencia. */
  recargo_equivalencia: z.boolean(),
  /** The pharmacy's sales rep (EQUIPO COMERCIAL), if it has one. */
  sales_rep: z.nullable(SalesRepSchema),
  /** The laboratory's sales administration, for orders, invoices and deliveries. */
  sales_administration: SalesContactSchema,
});
export type Client = z.infer<typeof ClientSchema>;

/** `GET /api/v1/clients/{clientId}`. */
export const ClientResponseSchema = z.object({ data: ClientSchema });
export type ClientResponse = z.infer<typeof ClientResponseSchema>;

/** One of the pharmacy's shops (premises). */
export const ShopSchema = z.object({
  id: IdSchema,
  name: z.string(),
  address: z.string(),
  postal_code: z.string(),
  city: z.string(),
  province: z.string(),
  phone: z.string(),
  /** The pharmacy's main premises (its registered address). */
  is_main: z.boolean(),
});
export type Shop = z.infer<typeof ShopSchema>;

/** `GET /api/v1/clients/{clientId}/shops`: the main premises first. */
export const ShopsResponseSchema = z.object({ data: z.array(ShopSchema) });
export type ShopsResponse = z.infer<typeof ShopsResponseSchema>;

/** The pharmacy's discount group: its name and the cart-level discount it gives. */
export const AccountDiscountSchema = z.object({
  group_name: z.string(),
  discount_percent: z.number().check(z.gte(0), z.lte(100)),
});
export type AccountDiscount = z.infer<typeof AccountDiscountSchema>;

/** `GET /api/v1/driver/customers/clients/discounts`: the session's pharmacy's group (null: none). */
export const AccountDiscountResponseSchema = z.object({ data: z.nullable(AccountDiscountSchema) });
export type AccountDiscountResponse = z.infer<typeof AccountDiscountResponseSchema>;

/**
 * `PUT /api/v1/user/change_password`. The new password follows `@botica/domain`'s rules (422 under
 * `password` and `password_confirmation`); a wrong current password is a 422 under
 * `current_password` and counts towards the attempt limits (429). A change ends every other session
 * of the user and renews the current one (new cookies).
 */
export const ChangePasswordRequestSchema = z.strictObject({
  current_password: z.string().check(z.maxLength(1000)),
  password: z.string().check(z.maxLength(1000)),
  password_confirmation: z.string().check(z.maxLength(1000)),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/** The answer of a password change: a sentence for the user. */
export const ChangePasswordResponseSchema = z.object({ message: z.string() });
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponseSchema>;

/** The most sub-users a pharmacy may have. */
export const MAX_SUB_USERS = 20;

/** A pharmacy's sub-user (MIS USUARIOS). */
export const SubUserSchema = z.object({
  id: IdSchema,
  username: z.string(),
  name: z.string(),
  email: z.string(),
  /** An inactive sub-user cannot log in (and its sessions have ended). */
  is_active: z.boolean(),
  /** 'Puede enviar pedidos': otherwise it prepares the cart and the main user sends it. */
  can_send_orders: z.boolean(),
  /** 'Puede ver facturas'. */
  can_view_invoices: z.boolean(),
  /** Its invitation is still waiting: it has not set its password yet (the link works for 7 days). */
  invitation_pending: z.boolean(),
  created_at: DateTimeSchema,
});
export type SubUser = z.infer<typeof SubUserSchema>;

/** `GET /api/v1/driver/customers/clients/{clientId}/users`: the sub-users, oldest first. */
export const SubUsersResponseSchema = z.object({ data: z.array(SubUserSchema) });
export type SubUsersResponse = z.infer<typeof SubUsersResponseSchema>;

/** `POST`, `PUT` of a sub-user: the sub-user as saved. */
export const SubUserResponseSchema = z.object({ data: SubUserSchema });
export type SubUserResponse = z.infer<typeof SubUserResponseSchema>;

const text = (max: number) => z.string().check(z.trim(), z.maxLength(max));

/**
 * `POST /api/v1/driver/customers/clients/{clientId}/users`: a new sub-user (201). The username and
 * e-mail follow `@botica/domain`'s rules (422 under the field; a username already taken is a 422 under
 * `username`). It receives an e-mail inviting it to set its password (a link valid for 7 days).
 */
export const SubUserCreateRequestSchema = z.strictObject({
  username: text(100),
  name: text(150),
  email: text(254),
  /** @default true */
  is_active: z.optional(z.boolean()),
  /** @default true */
  can_send_orders: z.optional(z.boolean()),
  /** @default true */
  can_view_invoices: z.optional(z.boolean()),
});
export type SubUserCreateRequest = z.infer<typeof SubUserCreateRequestSchema>;

/**
 * `PUT /api/v1/driver/customers/clients/{clientId}/users/{userId}`: changes the fields given.
 * Deactivating a sub-user ends its sessions.
 */
export const SubUserUpdateRequestSchema = z.strictObject({
  username: z.optional(text(100)),
  name: z.optional(text(150)),
  email: z.optional(text(254)),
  is_active: z.optional(z.boolean()),
  can_send_orders: z.optional(z.boolean()),
  can_view_invoices: z.optional(z.boolean()),
});
export type SubUserUpdateRequest = z.infer<typeof SubUserUpdateRequestSchema>;
