/**
 * The password checks in flight. scrypt runs on libuv's small thread pool (4 threads by default,
 * shared with file reads and DNS), so a storm of logins would queue there unseen and a pharmacist's
 * login would wait behind all of them. Here at most `inFlight` checks run at once and `queued` wait;
 * a login beyond that is answered 429 at once. Logins from a browser with a device cookie for the
 * username (`device-cookie.ts`) wait in their own queue, served first, so a storm of strangers'
 * logins delays the pharmacist's by at most the checks already running.
 */
import { HttpError } from '../http/errors.ts';

/** The answer of a login that found the checks full (the spec's error catalogue's words). */
export const LOGIN_BUSY_MESSAGE = 'Servidor no disponible, intentelo más tarde.';

/** The 429 of a login beyond the queue. */
export function loginBusy(): HttpError {
  return new HttpError(429, LOGIN_BUSY_MESSAGE, { username: [LOGIN_BUSY_MESSAGE] }, { 'retry-after': '2' });
}

/** Trusted checks allowed to wait (each device has its own small budget of attempts, so few ever do). */
const TRUSTED_QUEUED = 256;

/** The checks in flight, for the metrics (read at scrape time). */
export interface PasswordCheckStats {
  running: number;
  waiting: number;
}

/** Told of each login refused as busy (the metrics count them); `trusted`: it had a device cookie. */
export type PasswordCheckRefused = (trusted: boolean) => void;

/** A bounded queue of password checks, trusted ones first; one per app. */
export class PasswordChecks {
  readonly #inFlight: number;
  readonly #queued: number;
  readonly #onRefused: PasswordCheckRefused | undefined;
  #running = 0;
  readonly #trusted: (() => void)[] = [];
  readonly #others: (() => void)[] = [];

  constructor(limits: { inFlight: number; queued: number }, onRefused?: PasswordCheckRefused) {
    this.#inFlight = limits.inFlight;
    this.#queued = limits.queued;
    this.#onRefused = onRefused;
  }

  get stats(): PasswordCheckStats {
    return {
      running: this.#running,
      waiting: this.#trusted.length + this.#others.length,
    };
  }

  /**
   * Refuses at once (429) a login that would find the queue full, before it costs any statement;
   * `run` checks again when its turn to queue comes.
   * @throws HttpError 429 when the queue is full.
   */
  admit(options: { trusted: boolean }): void {
    if (options.trusted || this.#running < this.#inFlight || this.#others.length < this.#queued) return;
    this.#onRefused?.(false);
    throw loginBusy();
  }

  /**
   * Runs `check` when a slot is free. Trusted checks wait in their own queue, served first; others
   * wait only while fewer than `queued` others do.
   * @throws HttpError 429 when the queue is full.
   */
  async run<T>(check: () => Promise<T>, options: { trusted: boolean }): Promise<T> {
    if (this.#running >= this.#inFlight) {
      const queue = options.trusted ? this.#trusted : this.#others;
      if (options.trusted ? this.#trusted.length >= TRUSTED_QUEUED : this.#others.length >= this.#queued) {
        this.#onRefused?.(options.trusted);
        throw loginBusy();
      }
      await new Promise<void>((resolve) => queue.push(resolve));
    } else {
      this.#running += 1;
    }
    try {
      return await check();
    } finally {
      const next = this.#trusted.shift() ?? this.#others.shift();
      // The slot passes straight to the next waiting check (the running count stays).
      if (next) next();
      else this.#running -= 1;
    }
  }
}
