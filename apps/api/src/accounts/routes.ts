/**
 * The account area: `GET /api/v1/clients/{clientId}` (the pharmacy, its
 * sales rep, the sales administration), `GET …/{clientId}/shops`, `GET
 * /api/v1/driver/customers/clients/discounts`, and the sub-users (`GET`/`POST
 * /api/v1/driver/customers/clients/{clientId}/users`, `PUT`/`DELETE …/users/{userId}`). Every
 * `{clientId}` is the session's client or a 403; only the main user manages sub-users (a sub-user gets
 * 403, another client's id 403). `PUT /api/v1/user/change_password` is the auth module's.
 */
import { account } from '@botica/api-client/endpoints';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import { clientDiscount, clientShops, clientWithSalesRep } from './accounts-service.ts';
import { portalOrigin } from './links.ts';
import { createSubUser, deleteSubUser, readSubUsers, updateSubUser } from './sub-users-service.ts';

/** The laboratory's sales administration, from its identity (`LAB_*` settings). */
const salesAdministration = (identity: RouteContext['settings']['identity']) => ({
  name: 'Administración de ventas',
  email: identity.salesEmail,
  phone: identity.phone,
});

export function registerAccountRoutes(app: FastifyInstance, context: RouteContext): void {
  route(app, account.client, async ({ params: { clientId } }) => {
    const { client, rep } = await clientWithSalesRep(context, clientId);
    return {
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
    };
  });

  route(app, account.shops, async ({ params: { clientId } }) => {
    const rows = await clientShops(context, clientId);
    return {
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
    };
  });

  route(app, account.discount, async ({ user }) => {
    const discount = await clientDiscount(context, user.clientId);
    return { data: discount ? { group_name: discount.name, discount_percent: discount.percent } : null };
  });

  route(app, account.users, async ({ params: { clientId } }) => ({
    data: await readSubUsers(context, clientId, context.now()),
  }));

  route(app, account.createUser, async ({ params: { clientId }, body, user, request }) => {
    const created = await createSubUser(context, {
      clientId,
      main: user,
      input: body,
      origin: portalOrigin(context.settings, request),
    });
    context.mail.nudge();
    request.log.info({ userId: created.id, clientId }, 'sub-user created, invitation queued');
    return { data: created };
  });

  route(app, account.updateUser, async ({ params: { clientId, userId }, body }) => {
    const updated = await updateSubUser(context, {
      clientId,
      userId,
      input: body,
      endSessions: (transaction, id) => context.sessions.endSessionsOf(transaction, id),
    });
    return { data: updated };
  });

  route(app, account.deleteUser, async ({ params: { clientId, userId }, request }) => {
    await deleteSubUser(context, { clientId, userId });
    request.log.info({ userId, clientId }, 'sub-user deleted, sessions ended');
    return undefined;
  });
}
