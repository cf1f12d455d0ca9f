/**
 * The account area (spec §7 "Account", issue 17): `GET /api/v1/clients/{clientId}` (the pharmacy, its
 * sales rep, the sales administration), `GET …/{clientId}/shops`, `GET
 * /api/v1/driver/customers/clients/discounts`, and the sub-users (`GET`/`POST
 * /api/v1/driver/customers/clients/{clientId}/users`, `PUT`/`DELETE …/users/{userId}`). Every
 * `{clientId}` is the session's client or a 403; only the main user manages sub-users (a sub-user gets
 * 403, another client's id 403). `PUT /api/v1/user/change_password` is the auth module's.
 */
import {
  AccountDiscountResponseSchema,
  ClientResponseSchema,
  ShopsResponseSchema,
  SubUserCreateRequestSchema,
  SubUserResponseSchema,
  SubUsersResponseSchema,
  SubUserUpdateRequestSchema,
} from '@botica/api-client/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteContext } from '../context.ts';
import { requireClient, requireMainUser, requireOwnClient } from '../http/guards.ts';
import { output, parse, pathId } from '../http/validation.ts';
import { clientDiscount, clientShops, clientWithSalesRep } from './accounts-service.ts';
import { portalOrigin } from './links.ts';
import { createSubUser, deleteSubUser, readSubUsers, updateSubUser } from './sub-users-service.ts';

/** The laboratory's sales administration, from its identity (`LAB_*` settings). */
const salesAdministration = (identity: RouteContext['settings']['identity']) => ({
  name: 'Administración de ventas',
  email: identity.salesEmail,
  phone: identity.phone,
});

function params(request: FastifyRequest): { clientId: number; userId?: number } {
  const { clientId, userId } = request.params as { clientId: string; userId?: string };
  return { clientId: pathId(clientId), ...(userId === undefined ? {} : { userId: pathId(userId) }) };
}

export function registerAccountRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get('/api/v1/clients/:clientId', async (request) => {
    const clientId = pathId((request.params as { clientId: string }).clientId);
    requireOwnClient(request, clientId);
    const { client, rep } = await clientWithSalesRep(context, clientId);
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
    const rows = await clientShops(context, clientId);
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
    const discount = await clientDiscount(context, user.clientId);
    return output(AccountDiscountResponseSchema, {
      data: discount ? { group_name: discount.name, discount_percent: discount.percent } : null,
    });
  });

  const base = '/api/v1/driver/customers/clients/:clientId/users';

  app.get(base, async (request) => {
    const { clientId } = params(request);
    requireMainUser(request, clientId);
    return output(SubUsersResponseSchema, { data: await readSubUsers(context, clientId, context.now()) });
  });

  app.post(base, async (request, reply) => {
    const { clientId } = params(request);
    const main = requireMainUser(request, clientId);
    const input = parse(SubUserCreateRequestSchema, request.body);
    const created = await createSubUser(context, {
      clientId,
      main,
      input,
      origin: portalOrigin(context.settings, request),
    });
    context.mail.nudge();
    request.log.info({ userId: created.id, clientId }, 'sub-user created, invitation queued');
    return reply.code(201).send(output(SubUserResponseSchema, { data: created }));
  });

  app.put(`${base}/:userId`, async (request) => {
    const { clientId, userId } = params(request) as { clientId: number; userId: number };
    requireMainUser(request, clientId);
    const input = parse(SubUserUpdateRequestSchema, request.body);
    const updated = await updateSubUser(context, {
      clientId,
      userId,
      input,
      endSessions: (transaction, id) => context.sessions.endSessionsOf(transaction, id),
    });
    return output(SubUserResponseSchema, { data: updated });
  });

  app.delete(`${base}/:userId`, async (request, reply) => {
    const { clientId, userId } = params(request) as { clientId: number; userId: number };
    requireMainUser(request, clientId);
    await deleteSubUser(context, { clientId, userId });
    request.log.info({ userId, clientId }, 'sub-user deleted, sessions ended');
    return reply.code(204).send();
  });
}
