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
 * `take()`.
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
      return taken;
    },
  };
}

/**
 * The statements of a request's own work: without its session's read and touch, which every GET
 * makes before its handler runs, and the catalogue index's poll of the epoch (every 500 ms).
 */
export function workStatements(sent: readonly string[]): string[] {
  return sent.filter((text) => {
    const flat = text.replace(/\s+/g, ' ').trim();
    if (flat === 'select epoch from pricing_epoch') return false;
    return !/\bfrom sessions s\b|^update "?sessions"? /.test(flat);
  });
}
