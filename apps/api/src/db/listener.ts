/**
 * Hearing PostgreSQL's notifications (`LISTEN`): what the process-wide memories (the catalogue index,
 * the session cache) learn changes by. PostgreSQL delivers a notification at its transaction's
 * commit, in commit order, to every connection listening on its channel.
 * - **PostgreSQL**: one node-postgres client of its own beside the pool, named `applicationName` once
 *   it listens (so `pg_stat_activity` lists who listens), opened again `RECONNECT_MS` after it drops. While it is
 *   down a notification may be missed: `onConnected(true)` says so once it is back.
 * - **PGlite** (one process by construction): its in-process `listen`, which calls back before the
 *   statement that notified has resolved, so nothing is ever missed or late.
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from './database.ts';

/** The wait before a dropped LISTEN connection is opened again. */
export const RECONNECT_MS = 1_000;

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/** What a listener does with what it hears. */
export interface ListenerHandlers {
  /** The channels to LISTEN on (plain lower-case identifiers). */
  channels: readonly string[];
  /** One notification, in the order they were committed. */
  onNotification: (channel: string, payload: string) => void;
  /** The connection is listening: after a drop (`again`), notifications may have been missed meanwhile. */
  onConnected?: (again: boolean) => void;
  /** The connection dropped: nothing is heard until `onConnected(true)`. */
  onLost?: () => void;
  /** Shown in `pg_stat_activity.application_name` once the connection listens (PostgreSQL). */
  applicationName?: string;
  /** What the log lines name. */
  label: string;
  log?: Log | undefined;
}

/** A running listener. */
export interface Listener {
  /** `'in-process'` (PGlite: never misses), `'connection'` (PostgreSQL), or `'none'` (no LISTEN here). */
  readonly kind: 'in-process' | 'connection' | 'none';
  /** Whether it hears notifications now (PostgreSQL: its connection is open and listening). */
  readonly live: boolean;
  /**
   * Runs a statement on the listening connection itself (PostgreSQL), or on `db` (PGlite): a
   * notification sent this way follows, for every listener, whatever it has heard before.
   */
  query<R extends Record<string, unknown>>(text: string, values?: unknown[]): Promise<R[]>;
  stop(): Promise<void>;
}

/** PGlite's in-process client, when it is the one behind `db`. */
interface InProcessClient {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  query<R>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
}

/** The pool behind `db` when it is PostgreSQL's. */
export function postgresPool(db: Database): pg.Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/** Starts listening on `db`'s server; returns the listener (kind `'none'` when `db` cannot listen). */
export async function startListener(db: Database, handlers: ListenerHandlers): Promise<Listener> {
  const pool = postgresPool(db);
  if (pool) return listenOnConnection(pool, handlers);

  const inProcess = (db as unknown as { $client?: Partial<InProcessClient> }).$client;
  if (typeof inProcess?.listen === 'function') {
    const client = inProcess as InProcessClient;
    try {
      const unlisten = await Promise.all(
        handlers.channels.map((channel) =>
          client.listen(channel, (payload) => handlers.onNotification(channel, payload)),
        ),
      );
      handlers.onConnected?.(false);
      let live = true;
      return {
        kind: 'in-process',
        get live() {
          return live;
        },
        query: async (text, values) => (await client.query(text, values)).rows as never,
        stop: async () => {
          live = false;
          await Promise.all(unlisten.map((stop) => stop().catch(() => {})));
        },
      };
    } catch (error) {
      handlers.log?.warn({ err: error }, `${handlers.label}: no LISTEN`);
    }
  }
  return {
    kind: 'none',
    live: false,
    query: () => Promise.reject(new Error('no listener')),
    stop: async () => {},
  };
}

/** Opens the connection (its first attempt awaited: a failure is retried in the background). */
async function listenOnConnection(pool: pg.Pool, handlers: ListenerHandlers): Promise<Listener> {
  const { log, label } = handlers;
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let connecting: Promise<void> | undefined;
  const { max: _max, ...options } = pool.options as pg.PoolConfig;
  const connect = async (again: boolean) => {
    const next = new pg.Client({
      ...options,
      options: undefined,
      statement_timeout: 0,
    } as pg.ClientConfig);
    let dropped = false;
    const drop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      const wasLive = client === next;
      if (wasLive) client = undefined;
      next.removeAllListeners('notification');
      next.end().catch(() => {});
      if (wasLive) handlers.onLost?.();
      if (stopped) return;
      if (error) log?.warn({ err: error }, `${label}: LISTEN connection lost; opening it again`);
      retry = setTimeout(() => {
        connecting = connect(true);
      }, RECONNECT_MS);
      retry.unref();
    };
    next.on('error', drop);
    next.on('end', () => drop());
    next.on('notification', (message) => handlers.onNotification(message.channel, message.payload ?? ''));
    try {
      await next.connect();
      for (const channel of handlers.channels) await next.query(`LISTEN ${channel}`);
      // Named once it listens: a connection `pg_stat_activity` lists under this name hears every channel.
      if (handlers.applicationName) {
        await next.query(`select set_config('application_name', $1, false)`, [handlers.applicationName]);
      }
      if (stopped) {
        await next.end().catch(() => {});
        return;
      }
      client = next;
      handlers.onConnected?.(again);
    } catch (error) {
      drop(error instanceof Error ? error : new Error(String(error)));
    }
  };
  connecting = connect(false);
  await connecting;
  return {
    kind: 'connection',
    get live() {
      return client !== undefined;
    },
    query: async (text, values) => {
      if (!client) throw new Error(`${label}: the LISTEN connection is down`);
      return (await client.query(text, values)).rows;
    },
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      await connecting;
      const open = client;
      client = undefined;
      if (open) {
        open.removeAllListeners('end');
        open.removeAllListeners('notification');
        await open.end().catch(() => {});
      }
    },
  };
}

/** What one part of the process hears through the shared listener. */
export type Subscriber = Pick<ListenerHandlers, 'channels' | 'onNotification' | 'onConnected' | 'onLost'>;

/**
 * The process's one listening connection, shared by its memories (the session cache, the catalogue
 * index). One connection rather than one each: PostgreSQL delivers a connection's notifications in
 * commit order whatever their channel, so a barrier answered on it (session-cache.ts) says that the
 * process has heard every change committed before, the catalogue's as well as the sessions'.
 * Everyone subscribes before `start`.
 */
export class SharedListener {
  readonly #subscribers: Subscriber[] = [];
  #listener: Listener | undefined;
  #started = false;

  /** Hears `subscriber`'s channels from `start` on. */
  subscribe(subscriber: Subscriber): void {
    if (this.#started) throw new Error('SharedListener: subscribe before start');
    this.#subscribers.push(subscriber);
  }

  /** The running listener (undefined before `start` and after `stop`). */
  get listener(): Listener | undefined {
    return this.#listener;
  }

  /** Starts listening on `db` to every subscriber's channels. */
  async start(
    db: Database,
    options: Pick<ListenerHandlers, 'applicationName' | 'label' | 'log'>,
  ): Promise<void> {
    this.#started = true;
    const subscribers = this.#subscribers;
    this.#listener = await startListener(db, {
      ...options,
      channels: [...new Set(subscribers.flatMap((subscriber) => subscriber.channels))],
      onNotification: (channel, payload) => {
        for (const subscriber of subscribers) {
          if (subscriber.channels.includes(channel)) subscriber.onNotification(channel, payload);
        }
      },
      onConnected: (again) => {
        for (const subscriber of subscribers) subscriber.onConnected?.(again);
      },
      onLost: () => {
        for (const subscriber of subscribers) subscriber.onLost?.();
      },
    });
  }

  async stop(): Promise<void> {
    const listener = this.#listener;
    this.#listener = undefined;
    await listener?.stop();
  }
}
