/**
 * The webhooks' sender: POSTs the due deliveries to their endpoints, signed with the `standardwebhooks`
 * package (headers `webhook-id`, `webhook-timestamp`, `webhook-signature`), in the API process. Like
 * the mail outbox's sender (src/mail/sender.ts): a timer (unref'd) looks every `pollMs`, `nudge()`
 * after a commit sends at once, and several senders (workers, instances) share the table safely: each
 * claims a batch with `for update skip locked` and takes a lease (`locked_until`), so no row is sent
 * by two at once. A sender that dies mid-delivery lets its rows go when the lease ends (the event may
 * then arrive twice, with the same `webhook-id`, rather than never).
 *
 * A 2xx answer within `timeoutMs` delivers. A 5xx, 408, 429, a timeout or a connection that fails is
 * retried with exponential backoff and jitter, up to `maxAttempts`, then the delivery is failed; any
 * other answer (a 4xx, a redirect, which is not followed) fails it at once. Only active endpoints are
 * sent to: a deactivated one's deliveries wait for it.
 */
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { CoreContext } from '../core-context.ts';
import { selectRows } from '../db/database.ts';
import { retryDelayMs } from '../mail/sender.ts';
import { registerWebhookSender } from './webhooks-service.ts';

/** What the sender logs through (pino's shape). */
export interface WebhookLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface WebhookSenderOptions {
  /** How often the sender looks for due deliveries without a nudge. @default 5 000 */
  pollMs?: number;
  /** How long an endpoint has to answer. @default 10 000 */
  timeoutMs?: number;
  /** Rows claimed at once. @default 10 */
  batchSize?: number;
  /** How long a claim holds a row (longer than a batch's timeouts). @default 180 000 */
  leaseMs?: number;
  /** The first retry's delay, doubled on each further one (before jitter). @default 900 000 */
  retryBaseMs?: number;
  /** The longest delay between two attempts. @default 57 600 000 */
  retryMaxMs?: number;
  /** Attempts before a delivery is failed (8: about a day with the default delays). @default 8 */
  maxAttempts?: number;
  /** Where jitter comes from (tests fix it). @default Math.random */
  random?: () => number;
}

interface ClaimedRow {
  id: number;
  message_id: string;
  event_type: string;
  payload: unknown;
  attempts: number;
  url: string;
  secret: string;
}

/** The outcome of one delivery pass. */
export interface WebhookPassResult {
  delivered: number;
  retrying: number;
  failed: number;
}

/** What one attempt came to. */
interface Attempt {
  outcome: 'delivered' | 'retry' | 'failed';
  status: number | null;
  error: string | null;
  durationMs: number;
}

/** Whether an answer's status is worth trying again: the endpoint's trouble, or its asking to wait. */
function isRetryable(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

export class WebhookSender {
  readonly #context: CoreContext;
  readonly #log: WebhookLog;
  readonly #options: Required<WebhookSenderOptions>;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = true;
  #unregister: (() => void) | undefined;
  readonly #inFlight = new Set<AbortController>();

  constructor(context: CoreContext, log: WebhookLog, options: WebhookSenderOptions = {}) {
    this.#context = context;
    this.#log = log;
    this.#options = {
      pollMs: options.pollMs ?? 5_000,
      timeoutMs: options.timeoutMs ?? 10_000,
      batchSize: options.batchSize ?? 10,
      leaseMs: options.leaseMs ?? 180_000,
      retryBaseMs: options.retryBaseMs ?? 900_000,
      retryMaxMs: options.retryMaxMs ?? 57_600_000,
      maxAttempts: options.maxAttempts ?? 8,
      random: options.random ?? Math.random,
    };
  }

  /** Starts polling (and delivers what is due at once). */
  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#unregister = registerWebhookSender(this);
    this.nudge();
  }

  /** Delivers what is due as soon as possible (after a commit that wrote an event); never throws. */
  nudge(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    clearTimeout(this.#timer);
    this.#running = this.#loop().finally(() => {
      this.#running = undefined;
      if (this.#stopped) return;
      this.#timer = setTimeout(() => this.nudge(), this.#options.pollMs);
      this.#timer.unref();
    });
  }

  async #loop(): Promise<void> {
    do {
      this.#again = false;
      try {
        await this.deliverDue();
      } catch (error) {
        // The database is not there for now: the next look tries again.
        if (!this.#stopped) this.#log.warn({ err: error }, 'webhooks: delivery pass failed');
        return;
      }
    } while (this.#again && !this.#stopped);
  }

  /** Stops polling, cuts the requests in flight short (their rows go back at the lease's end) and waits. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#unregister?.();
    clearTimeout(this.#timer);
    for (const controller of this.#inFlight) controller.abort();
    await this.#running;
  }

  /** One pass: claims and delivers due deliveries, batch after batch, until none is due. */
  async deliverDue(): Promise<WebhookPassResult> {
    const result: WebhookPassResult = { delivered: 0, retrying: 0, failed: 0 };
    while (!this.#stopped) {
      const claimed = await this.#claim();
      if (claimed.length === 0) break;
      // One batch's endpoints are called at once: one slow endpoint does not hold the others back.
      const outcomes = await Promise.all(claimed.map((row) => this.#deliver(row)));
      for (const outcome of outcomes) if (outcome) result[outcome] += 1;
    }
    return result;
  }

  async #claim(): Promise<ClaimedRow[]> {
    const now = this.#context.now();
    const leaseEnd = new Date(now.getTime() + this.#options.leaseMs);
    return selectRows<ClaimedRow>(
      this.#context.db,
      sql`update webhook_deliveries d set locked_until = ${leaseEnd.toISOString()}::timestamptz,
            attempts = d.attempts + 1
          from webhook_endpoints e
          where e.id = d.endpoint_id and d.id in (
            select w.id from webhook_deliveries w join webhook_endpoints we on we.id = w.endpoint_id
            where w.status = 'pending' and we.is_active
              and w.next_attempt_at <= ${now.toISOString()}::timestamptz
              and (w.locked_until is null or w.locked_until <= ${now.toISOString()}::timestamptz)
            order by w.next_attempt_at, w.id
            limit ${this.#options.batchSize}
            for update of w skip locked)
          returning d.id, d.message_id, d.event_type, d.payload, d.attempts, e.url, e.secret`,
    );
  }

  async #attempt(row: ClaimedRow): Promise<Attempt> {
    const body = typeof row.payload === 'string' ? row.payload : JSON.stringify(row.payload);
    const at = this.#context.now();
    const signature = new Webhook(row.secret).sign(row.message_id, at, body);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.#options.timeoutMs);
    this.#inFlight.add(controller);
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    try {
      const response = await fetch(row.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Botica-Webhooks/1',
          'webhook-id': row.message_id,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signature,
        },
        body,
        redirect: 'manual',
        signal: controller.signal,
      });
      // The answer's body is not read: only its status counts.
      await response.body?.cancel().catch(() => undefined);
      const durationMs = took();
      if (response.status >= 200 && response.status < 300)
        return { outcome: 'delivered', status: response.status, error: null, durationMs };
      // The status says it all: the error is for when no answer came.
      return {
        outcome: isRetryable(response.status) ? 'retry' : 'failed',
        status: response.status,
        error: null,
        durationMs,
      };
    } catch (error) {
      const durationMs = took();
      const message = controller.signal.aborted
        ? `Sin respuesta en ${Math.round(this.#options.timeoutMs / 1000)} s`
        : describeFailure(error);
      return { outcome: 'retry', status: null, error: message, durationMs };
    } finally {
      clearTimeout(timer);
      this.#inFlight.delete(controller);
    }
  }

  async #deliver(row: ClaimedRow): Promise<keyof WebhookPassResult | undefined> {
    const attempt = await this.#attempt(row);
    // Stopped mid-request: the row is left to its lease, and tried again by whoever is running then.
    if (this.#stopped && attempt.outcome !== 'delivered') return undefined;
    const now = this.#context.now();
    const common = sql`locked_until = null, last_status = ${attempt.status}, last_error = ${attempt.error},
      last_attempt_at = ${now.toISOString()}::timestamptz, last_duration_ms = ${attempt.durationMs}`;
    const details = {
      deliveryId: row.id,
      event: row.event_type,
      attempts: row.attempts,
      status: attempt.status,
    };
    if (attempt.outcome === 'delivered') {
      await this.#context.db.execute(
        sql`update webhook_deliveries set status = 'delivered', ${common},
            delivered_at = ${now.toISOString()}::timestamptz where id = ${row.id}`,
      );
      this.#log.info(details, 'webhooks: delivered');
      return 'delivered';
    }
    if (attempt.outcome === 'failed' || row.attempts >= this.#options.maxAttempts) {
      await this.#context.db.execute(
        sql`update webhook_deliveries set status = 'failed', ${common} where id = ${row.id}`,
      );
      this.#log.error(
        { ...details, reason: attempt.error ?? `HTTP ${attempt.status}` },
        attempt.outcome === 'failed' ? 'webhooks: refused, not retried' : 'webhooks: given up after retrying',
      );
      return 'failed';
    }
    const delay = retryDelayMs(
      row.attempts,
      this.#options.retryBaseMs,
      this.#options.retryMaxMs,
      this.#options.random,
    );
    await this.#context.db.execute(
      sql`update webhook_deliveries set ${common},
          next_attempt_at = ${new Date(now.getTime() + delay).toISOString()}::timestamptz
          where id = ${row.id}`,
    );
    this.#log.warn(
      { ...details, retryInMs: delay, reason: attempt.error ?? `HTTP ${attempt.status}` },
      'webhooks: failed, will retry',
    );
    return 'retrying';
  }
}

/** A connection's failure in a few words for the staff (fetch wraps the reason in `cause`). */
function describeFailure(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as { code?: unknown } | null)?.code;
  const message = cause instanceof Error ? cause.message : String(cause);
  return `No se pudo conectar (${typeof code === 'string' ? code : message})`.slice(0, 500);
}
