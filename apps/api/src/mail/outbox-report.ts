/**
 * What the outbox could not deliver, for the back office's dashboard: the messages given up
 * (`failed`) and those still pending long after they were written (`stuck`: the sender is down, or
 * the SMTP server keeps refusing them).
 */
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { CoreContext } from '../core-context.ts';
import { outbox } from './tables.ts';

/** One undelivered message, without its bodies. */
export interface UndeliveredMail {
  id: number;
  recipient: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
}

/** A kind of undelivered message: how many, and the latest few. */
export interface UndeliveredMailList {
  count: number;
  latest: UndeliveredMail[];
}

/** How long a message may stay pending before it counts as stuck. */
export const STUCK_AFTER_MS = 15 * 60_000;

const COLUMNS = {
  id: outbox.id,
  recipient: outbox.recipient,
  subject: outbox.subject,
  attempts: outbox.attempts,
  lastError: outbox.lastError,
  createdAt: outbox.createdAt,
};

/** The failed and the stuck messages: their counts and the `latest` newest of each. */
export async function undeliveredMail(
  context: CoreContext,
  latest = 5,
): Promise<{ failed: UndeliveredMailList; stuck: UndeliveredMailList }> {
  const stuckBefore = new Date(context.now().getTime() - STUCK_AFTER_MS);
  const failed = eq(outbox.status, 'failed');
  const stuck = and(eq(outbox.status, 'pending'), lt(outbox.createdAt, stuckBefore));
  const [counts] = await context.db
    .select({
      failed: sql<number | string>`count(*) filter (where ${failed})`,
      stuck: sql<number | string>`count(*) filter (where ${stuck})`,
    })
    .from(outbox)
    .where(sql`${outbox.status} in ('failed', 'pending')`);
  const [failedRows, stuckRows] = await Promise.all([
    context.db.select(COLUMNS).from(outbox).where(failed).orderBy(desc(outbox.id)).limit(latest),
    context.db.select(COLUMNS).from(outbox).where(stuck).orderBy(desc(outbox.id)).limit(latest),
  ]);
  return {
    failed: { count: Number(counts?.failed ?? 0), latest: failedRows },
    stuck: { count: Number(counts?.stuck ?? 0), latest: stuckRows },
  };
}
