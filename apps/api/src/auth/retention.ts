/**
 * What the privacy policy promises to delete, deleted on the pruning schedule (src/auth/prune.ts),
 * by @botica/domain's DATA_RETENTION (the figures the policy prints): each user's survey answers
 * `surveyAnswersYearsAfterClose` after the survey closed (the registration requests that did not
 * become a client: `pruneUnsuccessfulRegistrations` in src/access/registrations-service.ts). Batched
 * and safe with several instances, like the session pruning.
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

/** Deletes the answers to surveys that closed longer ago than their retention. */
export function pruneOldSurveyAnswers(context: Pick<AppContext, 'db' | 'now'>): PruneTask {
  return async (batchSize) => {
    const limit = monthsBefore(context.now(), 12 * DATA_RETENTION.surveyAnswersYearsAfterClose).toISOString();
    const deleted = await selectRows<{ id: number }>(
      context.db,
      sql`delete from survey_responses where id in (
            select r.id from survey_responses r join surveys s on s.id = r.survey_id
            where s.closes_at < ${limit}::timestamptz
            limit ${batchSize} for update of r skip locked)
          returning id`,
    );
    return deleted.length;
  };
}
