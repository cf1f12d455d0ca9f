/**
 * The sender: delivers the outbox's due messages, in the API process. A timer (unref'd: it never keeps
 * the process alive) looks every `MAIL_POLL_MS`, and `nudge()` after a commit sends a new message at
 * once. Several senders (workers, instances) share one outbox safely: each claims a batch of due rows
 * with `for update skip locked` and takes a lease on them (`locked_until`), so no row is delivered by
 * two at once; a sender that dies mid-delivery lets its rows go when the lease ends (the message may
 * then go out twice, with the same Message-ID, rather than never).
 *
 * A temporary failure (the SMTP server down, a 4xx reply) is tried again later, with exponential
 * backoff and jitter, for up to `MAIL_GIVE_UP_HOURS`; a permanent one (a 5xx reply) is marked failed
 * and logged, never tried again. A message past its `discard_after` (a reset link that has expired)
 * is marked expired instead of sent.
 */
import { sql } from 'drizzle-orm';
import type { CoreContext } from '../core-context.ts';
import { selectRows } from '../db/database.ts';
import {
  type MailAttachment,
  MailDeliveryError,
  type MailEnvelope,
  type MailTransport,
} from './transports.ts';

/** What the sender logs through (pino's shape). */
export interface MailLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface MailSenderOptions {
  /** Rows claimed at once. @default 10 */
  batchSize?: number;
  /** How long a claim holds a row. @default 120 000 */
  leaseMs?: number;
  /** The first retry's delay, doubled on each further one (before jitter). @default 15 000 */
  retryBaseMs?: number;
  /** The longest delay between two attempts. @default 3 600 000 */
  retryMaxMs?: number;
  /** Where jitter comes from (tests fix it). @default Math.random */
  random?: () => number;
  /** Told the outcome of each delivery attempt (the metrics count them). */
  onDelivery?: (outcome: keyof PassResult) => void;
}

interface ClaimedRow {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  text_body: string | null;
  html_body: string | null;
  attachments: MailAttachment[] | null;
  attempts: number;
  created_at: string | Date;
  discard_after: string | Date | null;
}

/** The outcome of one delivery pass. */
export interface PassResult {
  sent: number;
  retrying: number;
  failed: number;
  expired: number;
}

/**
 * The delay before attempt `attempts + 1`: base × 2^(attempts − 1), at most `max`, then "equal
 * jitter" (between half and all of it), so senders that failed together do not retry together.
 */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number, random: () => number): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
  return Math.round(exponential / 2 + (random() * exponential) / 2);
}

export class MailSender {
  readonly #context: CoreContext;
  readonly #transport: MailTransport;
  readonly #log: MailLog;
  readonly #options: Required<Omit<MailSenderOptions, 'onDelivery'>>;
  readonly #onDelivery: MailSenderOptions['onDelivery'];
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = true;

  constructor(context: CoreContext, transport: MailTransport, log: MailLog, options: MailSenderOptions = {}) {
    this.#context = context;
    this.#transport = transport;
    this.#log = log;
    this.#options = {
      batchSize: options.batchSize ?? 10,
      leaseMs: options.leaseMs ?? 120_000,
      retryBaseMs: options.retryBaseMs ?? 15_000,
      retryMaxMs: options.retryMaxMs ?? 3_600_000,
      random: options.random ?? Math.random,
    };
    this.#onDelivery = options.onDelivery;
  }

  get transport(): MailTransport {
    return this.#transport;
  }

  /** Starts polling the outbox (and delivers what is due at once). */
  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.nudge();
  }

  /** Delivers what is due as soon as possible (after a commit that wrote a message); never throws. */
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
      this.#timer = setTimeout(() => this.nudge(), this.#context.settings.mail.pollMs);
      this.#timer.unref();
    });
  }

  async #loop(): Promise<void> {
    do {
      this.#again = false;
      try {
        await this.deliverDue();
      } catch (error) {
        // The database or the transport is not there for now: the next tick tries again.
        this.#log.warn({ err: error }, 'mail: delivery pass failed');
        return;
      }
    } while (this.#again && !this.#stopped);
  }

  /** Waits for the pass in progress and stops polling. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
    this.#transport.close?.();
  }

  /**
   * One pass: claims and delivers due messages, batch after batch, until none is due. Public for
   * tests and the command-line tools (which have no timer).
   */
  async deliverDue(): Promise<PassResult> {
    const result: PassResult = { sent: 0, retrying: 0, failed: 0, expired: 0 };
    for (;;) {
      const claimed = await this.#claim();
      if (claimed.length === 0) return result;
      for (const row of claimed) {
        const outcome = await this.#deliver(row);
        result[outcome] += 1;
        this.#onDelivery?.(outcome);
      }
    }
  }

  async #claim(): Promise<ClaimedRow[]> {
    const now = this.#context.now();
    const leaseEnd = new Date(now.getTime() + this.#options.leaseMs);
    return selectRows<ClaimedRow>(
      this.#context.db,
      sql`update outbox set locked_until = ${leaseEnd.toISOString()}::timestamptz, attempts = attempts + 1
          where id in (
            select id from outbox
            where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
              and (locked_until is null or locked_until <= ${now.toISOString()}::timestamptz)
            order by next_attempt_at, id
            limit ${this.#options.batchSize}
            for update skip locked)
          returning id, kind, recipient, subject, text_body, html_body, attachments, attempts, created_at,
            discard_after`,
    );
  }

  async #deliver(row: ClaimedRow): Promise<keyof PassResult> {
    const now = this.#context.now();
    if (row.discard_after !== null && new Date(row.discard_after).getTime() <= now.getTime()) {
      await this.#finish(row.id, 'expired', 'its content expired before it could be delivered');
      this.#log.warn({ mailId: row.id, kind: row.kind }, 'mail: expired before delivery');
      return 'expired';
    }
    const envelope: MailEnvelope = {
      id: row.id,
      kind: row.kind,
      to: row.recipient,
      subject: row.subject,
      text: row.text_body ?? '',
      html: row.html_body ?? '',
      attachments: row.attachments ?? [],
    };
    try {
      await this.#transport.deliver(envelope);
    } catch (error) {
      const failure =
        error instanceof MailDeliveryError
          ? error
          : new MailDeliveryError(error instanceof Error ? error.message : String(error), false);
      const givingUp =
        now.getTime() - new Date(row.created_at).getTime() >=
        this.#context.settings.mail.giveUpHours * 3_600_000;
      if (failure.permanent || givingUp) {
        await this.#finish(row.id, 'failed', failure.message);
        this.#log.error(
          { mailId: row.id, kind: row.kind, attempts: row.attempts, reason: failure.message },
          failure.permanent ? 'mail: refused for good, not retried' : 'mail: given up after retrying',
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
        sql`update outbox set locked_until = null, last_error = ${failure.message.slice(0, 1000)},
            next_attempt_at = ${new Date(now.getTime() + delay).toISOString()}::timestamptz
            where id = ${row.id}`,
      );
      this.#log.warn(
        { mailId: row.id, kind: row.kind, attempts: row.attempts, retryInMs: delay, reason: failure.message },
        'mail: delivery failed, will retry',
      );
      return 'retrying';
    }
    await this.#finish(row.id, 'sent', null);
    this.#log.info(
      { mailId: row.id, kind: row.kind, transport: this.#transport.name, attempts: row.attempts },
      'mail: delivered',
    );
    return 'sent';
  }

  /**
   * Ends a row's life; its bodies and attachments (which may hold a reset link's secret, or what a
   * person signed up for) are cleared.
   */
  async #finish(id: number, status: 'sent' | 'failed' | 'expired', error: string | null): Promise<void> {
    const now = this.#context.now().toISOString();
    await this.#context.db.execute(
      sql`update outbox set status = ${status}, locked_until = null, text_body = null, html_body = null,
          attachments = null,
          last_error = ${error === null ? null : error.slice(0, 1000)},
          sent_at = ${status === 'sent' ? now : null}::timestamptz
          where id = ${id}`,
    );
  }
}
