/** Sessions (the Laravel Sanctum SPA model) and the logged-in user. */
import * as z from 'zod/mini';
import { IdSchema } from './common.ts';

/** `POST /api/v1/auth/login`. Unknown fields are refused. */
export const LoginRequestSchema = z.strictObject({
  username: z.string().check(z.trim(), z.minLength(1, 'El usuario es obligatorio.'), z.maxLength(100)),
  password: z.string().check(z.minLength(1, 'La contraseña es obligatoria.'), z.maxLength(200)),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** The roles a user can have; only `client` may use the portal. */
export const RoleSchema = z.enum(['client', 'sales_rep', 'admin']);
export type Role = z.infer<typeof RoleSchema>;

/** `GET /api/v1/user` and the answer of a login. */
export const UserSchema = z.object({
  id: IdSchema,
  username: z.string(),
  name: z.string(),
  email: z.nullable(z.string()),
  role: RoleSchema,
  /** The pharmacy the user belongs to (null for roles that are not client). */
  client: z.nullable(z.object({ id: IdSchema, name: z.string() })),
  /** True for a sub-user created by the pharmacy's main user. */
  is_sub_user: z.boolean(),
  /**
   * What the user may do (a main user always may both; the main user sets a sub-user's). The server
   * enforces them (403); the portal hides what a user may not do.
   */
  permissions: z.object({
    /** May send the cart as an order ('puede enviar pedidos'); otherwise the main user sends it. */
    can_send_orders: z.boolean(),
    /** May see the invoices and refunds ('puede ver facturas'). */
    can_view_invoices: z.boolean(),
  }),
});
export type User = z.infer<typeof UserSchema>;
