/**
 * The back office's pharmacies (transport): the list and one pharmacy whole for the staff (a sales
 * rep: his own; 403 for another rep's, 404 for an unknown one), the changes the laboratory's admins
 * make to it and its users, and the lookups of the back office's forms (sales reps, discount groups).
 * A pharmacy's orders and documents come from `activity` (the documents module's, given by the app).
 */
import { lookups, PHARMACIES_PER_PAGE, pharmacies } from '@botica/api-client/admin';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import { pageMeta } from '../http/page-meta.ts';
import { listDiscountGroups } from '../pricing/discount-groups-service.ts';
import {
  type EndSessions,
  endPharmacyUserSessions,
  listPharmacies,
  listSalesReps,
  type PharmacyActivity,
  pharmacyDetail,
  pharmacyUser,
  sendPharmacyUserLink,
  setPharmacyUserActive,
  updatePharmacy,
} from './admin-pharmacies-service.ts';
import { portalOrigin } from './links.ts';
import { requireClientInScope, staffScope } from './staff-scope.ts';

export function registerAdminPharmacyRoutes(
  app: FastifyInstance,
  context: RouteContext,
  activity: PharmacyActivity,
): void {
  const endSessions: EndSessions = (transaction, userId) =>
    context.sessions.endSessionsOf(transaction, userId);
  const actorOf = (user: { id: number; username: string }) => ({ id: user.id, username: user.username });

  route(app, pharmacies.list, async ({ query, user }) => {
    const page = query.page ?? 1;
    const { items, total } = await listPharmacies(context, activity, {
      scope: staffScope(user),
      filter: { q: query.q, salesRepId: query.sales_rep_id, discountGroupId: query.discount_group_id },
      page,
    });
    return { data: items, meta: pageMeta(page, PHARMACIES_PER_PAGE, total) };
  });

  route(app, pharmacies.get, async ({ params, user }) => {
    await requireClientInScope(context, staffScope(user), params.id);
    return { data: await pharmacyDetail(context, activity, params.id) };
  });

  route(app, pharmacies.update, async ({ params, body, user }) => {
    await requireClientInScope(context, staffScope(user), params.id);
    await updatePharmacy(context, { actor: actorOf(user), clientId: params.id, input: body });
    return { data: await pharmacyDetail(context, activity, params.id) };
  });

  route(app, pharmacies.updateUser, async ({ params, body, user }) => {
    await requireClientInScope(context, staffScope(user), params.id);
    await setPharmacyUserActive(context, {
      actor: actorOf(user),
      clientId: params.id,
      userId: params.userId,
      isActive: body.is_active,
      endSessions,
    });
    return { data: await pharmacyUser(context, params.id, params.userId) };
  });

  route(app, pharmacies.sendInvitation, async ({ params, user, request }) => {
    await requireClientInScope(context, staffScope(user), params.id);
    await sendPharmacyUserLink(context, {
      actor: actorOf(user),
      clientId: params.id,
      userId: params.userId,
      origin: portalOrigin(context.settings, request),
    });
    context.mail.nudge();
    return { data: await pharmacyUser(context, params.id, params.userId) };
  });

  route(app, pharmacies.endSessions, async ({ params, user, request }) => {
    await requireClientInScope(context, staffScope(user), params.id);
    await endPharmacyUserSessions(context, {
      actor: actorOf(user),
      clientId: params.id,
      userId: params.userId,
      endSessions,
    });
    request.log.info({ userId: params.userId, clientId: params.id }, 'sessions ended by the back office');
    return undefined;
  });

  route(app, lookups.salesReps, async ({ user }) => ({
    data: await listSalesReps(context, staffScope(user)),
  }));

  route(app, lookups.discountGroups, async () => ({ data: await listDiscountGroups(context) }));
}
