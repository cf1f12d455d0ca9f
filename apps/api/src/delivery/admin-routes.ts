/**
 * The back office's wholesalers (transport): the laboratory's list, and each pharmacy's wholesalers
 * of transfer orders. The staff read (a sales rep: his pharmacies only); admins change.
 */
import { wholesalers } from '@botica/api-client/admin';
import type { FastifyInstance } from 'fastify';
import { requireClientInScope, staffScope } from '../accounts/staff-scope.ts';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import {
  createWholesaler,
  listWholesalers,
  pharmacyWholesalers,
  removePharmacyWholesaler,
  removeWholesaler,
  setPharmacyWholesaler,
} from './delivery-service.ts';

export function registerAdminWholesalerRoutes(app: FastifyInstance, context: RouteContext): void {
  const actorOf = (user: { id: number; username: string }) => ({ id: user.id, username: user.username });

  route(app, wholesalers.list, async () => ({ data: await listWholesalers(context) }));

  route(app, wholesalers.create, async ({ body, user }) => ({
    data: await createWholesaler(context, { actor: actorOf(user), code: body.code, name: body.name }),
  }));

  route(app, wholesalers.remove, async ({ params, user }) => {
    await removeWholesaler(context, { actor: actorOf(user), id: params.id });
    return undefined;
  });

  route(app, wholesalers.ofPharmacy, async ({ params, user }) => {
    await requireClientInScope(context, staffScope(user), params.id);
    return { data: await pharmacyWholesalers(context, params.id) };
  });

  route(app, wholesalers.setForPharmacy, async ({ params, body, user }) => {
    await requireClientInScope(context, staffScope(user), params.id);
    return {
      data: await setPharmacyWholesaler(context, {
        actor: actorOf(user),
        clientId: params.id,
        wholesalerId: params.wholesalerId,
        customerNumber: body.customer_number,
      }),
    };
  });

  route(app, wholesalers.removeFromPharmacy, async ({ params, user }) => {
    await requireClientInScope(context, staffScope(user), params.id);
    return {
      data: await removePharmacyWholesaler(context, {
        actor: actorOf(user),
        clientId: params.id,
        wholesalerId: params.wholesalerId,
      }),
    };
  });
}
