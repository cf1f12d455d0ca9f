/**
 * What the privacy policy promises to delete, deleted on the pruning schedule (src/auth/prune.ts),
 * by @botica/domain's DATA_RETENTION (the figures the policy prints): registration requests that did
 * not become a client (pending or rejected) after `unsuccessfulRegistrationMonths` (each user's survey
 * answers: `pruneOldSurveyAnswers` in src/survey/survey-service.ts). Batched and safe with several
 * instances, like the session pruning.
 */
import { DATA_RETENTION } from '@botica/domain';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { selectRows } from '../db/database.ts';
import type { PruneTask } from './prune.ts';

/** The moment `months` calendar months before `now` (UTC). */
function monthsBefore(now: Date, months: number): Date {
  const limit = new Date(now);
  limit.setUTCMonth(limit.getUTCMonth() - months);
  return limit;
}

/** Deletes registration requests that did not become a client and are past their retention. */
export function pruneUnsuccessfulRegistrations(context: Pick<AppContext, 'db' | 'now'>): PruneTask {
  return async (batchSize) => {
    const limit = monthsBefore(context.now(), DATA_RETENTION.unsuccessfulRegistrationMonths).toISOString();
    const deleted = await selectRows<{ id: number }>(
      context.db,
      sql`delete from registration_requests where id in (
            select id from registration_requests
            where status in ('pending', 'rejected') and created_at < ${limit}::timestamptz
            limit ${batchSize} for update skip locked)
          returning id`,
    );
    return deleted.length;
  };
}
