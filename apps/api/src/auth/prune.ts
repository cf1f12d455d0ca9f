/**
 * The scheduled pruning: every `PRUNE_INTERVAL_SECONDS` (jittered by ±20 %, so instances started
 * together drift apart) each instance deletes the sessions idle past `SESSION_IDLE_MINUTES` and the
 * rate-limit counters of windows that have ended, in batches of `PRUNE_BATCH` rows (one short
 * statement each, so requests get their connections in between; at most `PRUNE_MAX_BATCHES` batches
 * a run, the rest waits for the next run). Several instances may run it at once: each batch skips
 * the rows another has locked (`for update skip locked`). The timer is unref'd (it never keeps the
 * process alive) and the next run is scheduled only when one has finished; `stop()` (the app's
 * close) cancels the next run and waits for the one in progress.
 */
import type { FastifyBaseLogger } from 'fastify';

/** Rows deleted per statement. */
export const PRUNE_BATCH = 1_000;
/** Batches per table and run at most. */
export const PRUNE_MAX_BATCHES = 100;

/** Something to prune in batches: deletes up to `batchSize` rows, returns how many it deleted. */
export type PruneTask = (batchSize: number) => Promise<number>;

/** Runs each task in batches until a batch deletes less than a full one; returns the rows per task. */
export async function pruneOnce(
  tasks: Record<string, PruneTask>,
  batchSize = PRUNE_BATCH,
  maxBatches = PRUNE_MAX_BATCHES,
): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const [name, task] of Object.entries(tasks)) {
    let total = 0;
    for (let batch = 0; batch < maxBatches; batch += 1) {
      const count = await task(batchSize);
      total += count;
      if (count < batchSize) break;
    }
    deleted[name] = total;
  }
  return deleted;
}

/** A running schedule. */
export interface PruneSchedule {
  /** Runs completed so far (successful or not). */
  readonly runs: number;
  /** Cancels the next run and waits for the one in progress. */
  stop(): Promise<void>;
}

/** Starts pruning every `intervalMs` (±20 %); the first run comes after one (jittered) interval. */
export function schedulePruning(
  tasks: Record<string, PruneTask>,
  options: { intervalMs: number; log: FastifyBaseLogger },
): PruneSchedule {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  let runs = 0;
  const next = () => {
    if (stopped) return;
    const delay = Math.round(options.intervalMs * (0.8 + Math.random() * 0.4));
    timer = setTimeout(() => {
      running = pruneOnce(tasks)
        .then((deleted) => {
          if (Object.values(deleted).some((count) => count > 0)) options.log.info({ deleted }, 'pruned');
        })
        .catch((error: unknown) => {
          options.log.warn({ err: error }, 'pruning failed; trying again at the next run');
        })
        .finally(() => {
          runs += 1;
          running = undefined;
          next();
        });
    }, delay);
    timer.unref();
  };
  next();
  return {
    get runs() {
      return runs;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
