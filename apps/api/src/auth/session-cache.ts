/**
 * The sessions a process has read, kept for the catalogue's reads (docs/decisions/034) and as the
 * hints of the routes that re-check their session in their own statement (docs/decisions/026).
 *
 * What a cached session holds comes from its row, its user and its pharmacy's name; the database's
 * triggers (migration 0044) notify `botica_sessions` at the commit of any change to them, whoever
 * makes it: `s:<session id>`, `u:<user id>`, `c:<client id>`, or `*`. Every process listens
 * (src/db/listener.ts) and drops what a message names. The cache serves reads only while its listener
 * hears: it is emptied when the connection drops and again when it is back (a change may have been
 * missed meanwhile), and never serves on a database that cannot listen.
 *
 * "At once on every instance": a notification reaches the other processes a moment after its
 * commit. So a change the API itself makes answers only after a barrier (`barrier()`): the process
 * notifies `b:<its id>:<n>` from its listening connection (so, for every listener, after the change),
 * reads who listens from `pg_stat_activity` (each listening connection is named `botica-sessions
 * <id>`), and waits until each of them has answered on `botica_session_acks` that it heard it (at
 * most `BARRIER_TIMEOUT_MS`: a process that does not answer is stuck or gone). PGlite, one process,
 * calls its listeners back before the statement that notified resolves: there a barrier is nothing.
 * A change made outside the API (by hand in SQL) reaches the caches when its notification arrives.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SharedListener } from '../db/listener.ts';
import type { RequestSession, SessionUser } from './session-user.ts';

/** The channel the session triggers notify. */
export const SESSIONS_CHANNEL = 'botica_sessions';
/** The channel the processes answer a barrier on. */
export const SESSION_ACKS_CHANNEL = 'botica_session_acks';
/** The application name of a process's listening connection: this, a space and the process's id. */
export const SESSION_LISTENER_NAME = 'botica-sessions';
/** How long a barrier waits for a process's answer. */
export const BARRIER_TIMEOUT_MS = 1_000;
/** How many sessions a process keeps, the least recently read forgotten first. */
const CAPACITY = 20_000;

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/** A logged-in session as read, and when it was last seen as far as this process knows. */
export interface CachedSession {
  session: RequestSession & { user: SessionUser };
  lastSeen: number;
}

interface Barrier {
  /** The processes whose answer is awaited (unknown until the barrier's statement has answered). */
  expected: Set<string> | null;
  answered: Set<string>;
  done: () => void;
}

export class SessionCache {
  readonly #entries = new Map<string, CachedSession>();
  readonly #log: Log | undefined;
  /** This process's id in the barriers. */
  readonly #instance = randomBytes(6).toString('hex');
  /** The process's listening connection (src/db/listener.ts), which its owner starts and stops. */
  readonly #shared: SharedListener;
  #stopped = false;
  #sequence = 0;
  readonly #barriers = new Map<number, Barrier>();

  /**
   * `shared`: the process's listener, which its owner starts with `listenerName` as its application
   * name (the barrier finds the processes by it); until it listens, the cache serves nothing.
   */
  constructor(shared: SharedListener, log?: Log) {
    this.#log = log;
    this.#shared = shared;
    this.#shared.subscribe({
      channels: [SESSIONS_CHANNEL, SESSION_ACKS_CHANNEL],
      onNotification: (channel, payload) => {
        if (channel === SESSIONS_CHANNEL) this.#heard(payload);
        else this.#answered(payload);
      },
      // Whatever it held may have changed while nothing was heard.
      onConnected: () => this.clear(),
      onLost: () => this.clear(),
    });
  }

  /** The application name of the listening connection: the barrier finds the processes by it. */
  get listenerName(): string {
    return `${SESSION_LISTENER_NAME} ${this.#instance}`;
  }

  get #listener() {
    return this.#shared.listener;
  }

  /** Whether reads may be answered from it: only while every change is heard. */
  get serving(): boolean {
    return !this.#stopped && this.#listener?.live === true;
  }

  /** How many sessions it holds. */
  get size(): number {
    return this.#entries.size;
  }

  get(id: string): CachedSession | undefined {
    return this.#entries.get(id);
  }

  /** Keeps a session just read (the most recent last). */
  set(session: RequestSession, lastSeen: number): void {
    if (session.id === null || session.user === null) return;
    this.#entries.delete(session.id);
    this.#entries.set(session.id, { session: session as CachedSession['session'], lastSeen });
    if (this.#entries.size > CAPACITY) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  delete(id: string): void {
    this.#entries.delete(id);
  }

  /** Forgets every session of a user. */
  dropUser(userId: number): void {
    for (const [id, entry] of this.#entries) if (entry.session.user.id === userId) this.#entries.delete(id);
  }

  /** Forgets every session of a pharmacy's users. */
  dropClient(clientId: number): void {
    for (const [id, entry] of this.#entries) {
      if (entry.session.user.clientId === clientId) this.#entries.delete(id);
    }
  }

  clear(): void {
    this.#entries.clear();
  }

  /** Stops serving and releases the barriers waiting; the listener is its owner's to stop. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.clear();
    for (const barrier of this.#barriers.values()) barrier.done();
  }

  #heard(payload: string): void {
    if (payload === '*') {
      this.clear();
      return;
    }
    const colon = payload.indexOf(':');
    const kind = payload.slice(0, colon);
    const value = payload.slice(colon + 1);
    if (kind === 's') this.delete(value);
    else if (kind === 'u') this.dropUser(Number(value));
    else if (kind === 'c') this.dropClient(Number(value));
    else if (kind === 'b') {
      // Heard after every change committed before it: answer that they are dropped here.
      this.#listener
        ?.query('select pg_notify($1, $2)', [SESSION_ACKS_CHANNEL, `${value}:${this.#instance}`])
        .catch((error: unknown) =>
          this.#log?.warn({ err: error }, 'session cache: could not answer a barrier'),
        );
    } else this.clear();
  }

  #answered(payload: string): void {
    const [origin, sequence, from] = payload.split(':');
    if (origin !== this.#instance || from === undefined) return;
    const barrier = this.#barriers.get(Number(sequence));
    if (!barrier) return;
    barrier.answered.add(from);
    this.#settle(barrier);
  }

  #settle(barrier: Barrier): void {
    if (barrier.expected && [...barrier.expected].every((id) => barrier.answered.has(id))) barrier.done();
  }

  /**
   * Resolves once every process that listens has heard (and so dropped) whatever was committed before
   * the call. Nothing to wait for on PGlite, or where nothing is cached.
   */
  async barrier(): Promise<void> {
    const listener = this.#listener;
    if (this.#stopped || listener?.kind !== 'connection' || !listener.live) return;
    const sequence = ++this.#sequence;
    let timer: NodeJS.Timeout | undefined;
    const barrier: Barrier = { expected: null, answered: new Set(), done: () => {} };
    const settled = new Promise<void>((resolve) => {
      barrier.done = resolve;
    });
    this.#barriers.set(sequence, barrier);
    try {
      const [row] = await listener.query<{ listeners: string[] | null }>(
        `select pg_notify($1, $2),
                array(select application_name::text from pg_stat_activity
                      where datname = current_database() and application_name like $3) as listeners`,
        [SESSIONS_CHANNEL, `b:${this.#instance}:${sequence}`, `${SESSION_LISTENER_NAME} %`],
      );
      barrier.expected = new Set(
        (row?.listeners ?? []).map((name) => name.slice(SESSION_LISTENER_NAME.length + 1)),
      );
      this.#settle(barrier);
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), BARRIER_TIMEOUT_MS);
      });
      if ((await Promise.race([settled, timedOut])) === 'timeout') {
        const silent = [...barrier.expected].filter((id) => !barrier.answered.has(id));
        this.#log?.warn({ silent }, 'session cache: processes that did not answer a barrier in time');
      }
    } catch (error) {
      // The listening connection dropped: this process no longer serves from its cache.
      this.#log?.warn({ err: error }, 'session cache: barrier not sent');
    } finally {
      if (timer) clearTimeout(timer);
      this.#barriers.delete(sequence);
    }
  }
}
