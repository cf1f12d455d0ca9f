/**
 * The back office's configuration (admins only): the order rules and the maintenance switch, read
 * and changed through the same service as the command line, audited with the admin who changed them.
 */

import type { AdminConfiguration } from '@botica/api-client/admin';
import { CONFIGURATION_MESSAGES, configuration } from '@botica/api-client/admin';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import { HttpError } from '../http/errors.ts';
import {
  isMaintenanceOn,
  type OrderRuleProblem,
  orderConfiguration,
  setMaintenance,
  setOrderRules,
} from './configuration-service.ts';

const PROBLEM_MESSAGES: Readonly<Record<OrderRuleProblem, string>> = {
  required: CONFIGURATION_MESSAGES.amountRequired,
  negative: CONFIGURATION_MESSAGES.amountNegative,
  'not-an-amount': CONFIGURATION_MESSAGES.amountInvalid,
  'minimum-above-cap': CONFIGURATION_MESSAGES.minimumAboveCap,
};

/** What the app's maintenance switch needs to hear: this instance forgets its cached state at once. */
export interface MaintenanceCache {
  forget(): void;
}

async function currentConfiguration(context: RouteContext): Promise<AdminConfiguration> {
  const rules = await orderConfiguration(context);
  return {
    order_minimum_amount: rules.orderMinimumAmountCents / 100,
    maximum_purchase_per_month: rules.maximumPurchasePerMonthCents / 100,
    maintenance: await isMaintenanceOn(context),
  };
}

export function registerAdminConfigurationRoutes(
  app: FastifyInstance,
  context: RouteContext,
  maintenanceCache: MaintenanceCache,
): void {
  route(app, configuration.show, async () => ({ data: await currentConfiguration(context) }));

  route(app, configuration.orderRules, async ({ body, user }) => {
    const result = await setOrderRules(context, body, { actor: { id: user.id, username: user.username } });
    if (!result.ok) {
      const errors = Object.fromEntries(
        Object.entries(result.problems).map(([key, problem]) => [key, [PROBLEM_MESSAGES[problem]]]),
      );
      const [first] = Object.values(errors).flat();
      throw new HttpError(422, first ?? CONFIGURATION_MESSAGES.amountInvalid, errors);
    }
    return { data: await currentConfiguration(context) };
  });

  route(app, configuration.maintenance, async ({ body, user }) => {
    await setMaintenance(context, body.on, { actor: { id: user.id, username: user.username } });
    maintenanceCache.forget();
    return { data: await currentConfiguration(context) };
  });
}
