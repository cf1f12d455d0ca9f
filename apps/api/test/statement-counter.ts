/** Counts the statements a Drizzle database sends through its driver, for the suites that bound them. */
import type { Database } from '../src/db/database.ts';

interface DriverClient {
  query: (...args: unknown[]) => unknown;
  connect?: (...args: unknown[]) => unknown;
  transaction?: (...args: unknown[]) => unknown;
  exec?: (...args: unknown[]) => unknown;
}

/**
 * Counts the statements sent through a Drizzle database: every query of its driver's client (the
 * node-postgres pool, or PGlite), and every connection checked out or transaction begun outside a
 * query, which would carry statements of their own. `take()` returns the texts sent since the last
 * `take()`, without what the app sends on its own between requests (`BACKGROUND`).
 */
export function statementCounter(db: Database): { take(): string[] } {
  const client = (db as unknown as { _: { session: { client: DriverClient } } })._.session.client;
  let sent: string[] = [];
  let inQuery = false;
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const [text] = args;
    sent.push(typeof text === 'string' ? text : String((text as { text?: string }).text ?? text));
    inQuery = true;
    try {
      return query(...args);
    } finally {
      inQuery = false;
    }
  };
  for (const name of ['connect', 'transaction', 'exec'] as const) {
    const original = client[name]?.bind(client);
    if (!original) continue;
    client[name] = (...args: unknown[]) => {
      if (!inQuery) sent.push(`(${name})`);
      return original(...args);
    };
  }
  return {
    take() {
      const taken = sent;
      sent = [];
      return taken.filter((text) => !BACKGROUND.some((pattern) => pattern.test(flatten(text))));
    },
  };
}

/**
 * What the app sends on its own between requests, whenever its timers say: the catalogue index's poll
 * of the epoch (every 500 ms), and the mail and webhook senders' claims of their next batch.
 */
const BACKGROUND = [
  /^select epoch from pricing_epoch$/,
  /^update outbox set locked_until = /,
  /^update webhook_deliveries d set locked_until = /,
];

function flatten(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The statements of a request's own work: without its session's read and touch, which a GET makes
 * before its handler runs when the session is not in the process's cache.
 */
export function workStatements(sent: readonly string[]): string[] {
  return sent.filter((text) => !/\bfrom sessions s\b|^update "?sessions"? /.test(flatten(text)));
}
