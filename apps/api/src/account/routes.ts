/**
 * The account area (spec §7 "Account", issue 17): `GET /api/v1/clients/{clientId}` (the pharmacy, its
 * sales rep, the sales administration), `GET …/{clientId}/shops`, `GET
 * /api/v1/driver/customers/clients/discounts`, `PUT /api/v1/user/change_password`, and the sub-users
 * (`GET`/`POST /api/v1/driver/customers/clients/{clientId}/users`, `PUT`/`DELETE …/users/{userId}`).
 * Every `{clientId}` is the session's client or a 403; only the main user manages sub-users.
 */
import {
  AccountDiscountResponseSchema,
  ChangePasswordRequestSchema,
  ChangePasswordResponseSchema,
  ClientResponseSchema,
  ShopsResponseSchema,
} from '@botica/api-client/schemas';
import { passwordConfirmationProblem, passwordProblem } from '@botica/domain';
import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { clearUsernameLock, limitAttempt } from '../auth/attempt-limits.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { type SessionStore, setSessionCookies } from '../auth/sessions.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/database.ts';
import { clients, discountGroups, passwordResets, salesReps, sessions, shops, users } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { requireClient, requireOwnClient, requireUser } from '../http/guards.ts';
import type { RateLimiter } from '../http/rate-limit.ts';
import { output, parse, pathId } from '../http/validation.ts';
import type { MailSender } from '../mail/sender.ts';
import { registerSubUserRoutes } from './sub-users.ts';

/** What the user reads after changing the password. */
export const PASSWORD_CHANGED =
  'Tu contraseña se ha cambiado. Las demás sesiones de tu usuario se han cerrado.';
const WRONG_CURRENT_PASSWORD = 'La contraseña actual no es correcta.';

/** The laboratory's sales administration, from its identity (`LAB_*` settings). */
const salesAdministration = (identity: AppContext['settings']['identity']) => ({
  name: 'Administración de ventas',
  email: identity.salesEmail,
  phone: identity.phone,
});

export function registerAccountRoutes(
  app: FastifyInstance,
  context: AppContext,
  store: SessionStore,
  limiter: RateLimiter,
  mailSender: MailSender,
): void {
  app.get('/api/v1/clients/:clientId', async (request) => {
    const clientId = pathId((request.params as { clientId: string }).clientId);
    requireOwnClient(request, clientId);
    const [row] = await context.db
      .select({ client: clients, rep: salesReps })
      .from(clients)
      .leftJoin(salesReps, eq(salesReps.id, clients.salesRepId))
      .where(eq(clients.id, clientId))
      .limit(1);
    if (!row) throw new HttpError(404, 'El cliente no existe.');
    const { client, rep } = row;
    return output(ClientResponseSchema, {
      data: {
        id: client.id,
        name: client.name,
        tax_id: client.taxId,
        erp_code: client.erpCode,
        address: client.address,
        postal_code: client.postalCode,
        city: client.city,
        province: client.province,
        phone: client.phone,
        email: client.email,
        recargo_equivalencia: client.recargoEquivalencia,
        sales_rep: rep ? { name: rep.name, email: rep.email, phone: rep.phone, zone: rep.zone } : null,
        sales_administration: salesAdministration(context.settings.identity),
      },
    });
  });

  app.get('/api/v1/clients/:clientId/shops', async (request) => {
    const clientId = pathId((request.params as { clientId: string }).clientId);
    requireOwnClient(request, clientId);
    const rows = await context.db
      .select()
      .from(shops)
      .where(eq(shops.clientId, clientId))
      .orderBy(desc(shops.isMain), asc(shops.id));
    return output(ShopsResponseSchema, {
      data: rows.map((shop) => ({
        id: shop.id,
        name: shop.name,
        address: shop.address,
        postal_code: shop.postalCode,
        city: shop.city,
        province: shop.province,
        phone: shop.phone,
        is_main: shop.isMain,
      })),
    });
  });

  app.get('/api/v1/driver/customers/clients/discounts', async (request) => {
    const user = requireClient(request);
    const [row] = await context.db
      .select({ name: discountGroups.name, percent: discountGroups.discountPercent })
      .from(clients)
      .innerJoin(discountGroups, eq(discountGroups.id, clients.discountGroupId))
      .where(eq(clients.id, user.clientId))
      .limit(1);
    return output(AccountDiscountResponseSchema, {
      data: row ? { group_name: row.name, discount_percent: Number(row.percent) } : null,
    });
  });

  app.put('/api/v1/user/change_password', async (request, reply) => {
    const user = requireUser(request);
    const body = parse(ChangePasswordRequestSchema, request.body);
    const errors: Record<string, string[]> = {};
    if (body.current_password.length === 0)
      errors.current_password = ['La contraseña actual es obligatoria.'];
    const problem = passwordProblem(body.password, { username: user.username });
    if (problem) errors.password = [problem];
    const mismatch = passwordConfirmationProblem(body.password, body.password_confirmation);
    if (mismatch) errors.password_confirmation = [mismatch];
    const first = Object.values(errors)[0]?.[0];
    if (first) throw new HttpError(422, first, errors);
    // Counted before the current password is checked, like a login: guessing it here is no cheaper.
    const attempt = await limitAttempt(
      limiter,
      context.settings,
      'change_password',
      { username: user.username, address: request.clientAddress },
      'current_password',
    );
    const [row] = await context.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, user.id))
      .limit(1);
    if (!row || !(await verifyPassword(body.current_password, row.passwordHash))) {
      throw new HttpError(422, WRONG_CURRENT_PASSWORD, { current_password: [WRONG_CURRENT_PASSWORD] });
    }
    await attempt.refund();
    const passwordHash = await hashPassword(body.password);
    await context.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      await db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      // Every session of the user ends, this one included: it goes on as a new one (new cookie and
      // token), so whoever held the old password or an old cookie is out everywhere.
      await db.delete(sessions).where(eq(sessions.userId, user.id));
      // A reset link asked for before the change must not undo it.
      await db.delete(passwordResets).where(eq(passwordResets.userId, user.id));
    });
    await clearUsernameLock(limiter, user.username);
    const created = await store.create(user.id, {
      ip: request.clientAddress,
      userAgent: request.headers['user-agent'],
    });
    setSessionCookies(context, request, reply, created);
    request.log.info({ userId: user.id }, 'password changed: other sessions ended');
    return output(ChangePasswordResponseSchema, { message: PASSWORD_CHANGED });
  });

  registerSubUserRoutes(app, context, mailSender);
}
