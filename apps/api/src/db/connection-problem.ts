/**
 * A database that cannot be opened at start (a wrong password, a refused connection, an unknown
 * database or host, a folder the embedded database cannot write), told in one line for the operator
 * instead of a stack trace. The URL's password never appears.
 */
import { type DatabaseTarget, EmbeddedDatabaseBusy, EmbeddedDatabaseMissing } from './database.ts';

/** SQLSTATEs and socket codes of a start that cannot reach or enter the database, with what to say. */
const EXPLAINED: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused (is PostgreSQL running and listening on that host and port?)',
  ENOTFOUND: 'the host is unknown (check the host name in DATABASE_URL)',
  EAI_AGAIN: 'the host name could not be resolved for now (DNS)',
  ETIMEDOUT: 'the connection timed out (a firewall, or the wrong host?)',
  EHOSTUNREACH: 'the host cannot be reached',
  ENETUNREACH: 'the network cannot be reached',
  ECONNRESET: 'the server closed the connection (TLS required, or too many connections?)',
};

/** SQLSTATEs whose PostgreSQL message says it all (`database "x" does not exist`, …). */
const ENTRY_SQLSTATES = /^(28P01|28000|3D000|08[0-9A-Z]{3}|57P0[123]|53300|42501)$/;

/** node-postgres's own messages for a connection that could not be made. */
const CONNECT_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'The server does not support SSL connections',
  'self-signed certificate',
  'self signed certificate',
  'unable to verify the first certificate',
];

/** Where the database is, for a message: PostgreSQL's host, port, database and user, never the password. */
export function describeTarget(target: DatabaseTarget): string {
  if (!('url' in target)) return `the embedded database (PGlite) in ${target.dataDir}`;
  try {
    const url = new URL(target.url);
    const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || url.username || 'postgres';
    const user = decodeURIComponent(url.username) || 'the default user';
    return `PostgreSQL at ${url.hostname || 'localhost'}:${url.port || '5432'}, database "${database}", user "${user}" (DATABASE_URL)`;
  } catch {
    return 'PostgreSQL (DATABASE_URL, which is not a valid URL)';
  }
}

function codeOf(error: Error): string | undefined {
  const code = (error as Error & { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** The errors to look at: the error, its causes, and an AggregateError's parts (IPv4 and IPv6 tries). */
function* chain(error: unknown): Generator<Error> {
  const queue: unknown[] = [error];
  for (let seen = 0; queue.length > 0 && seen < 12; seen += 1) {
    const current = queue.shift();
    if (!(current instanceof Error)) continue;
    yield current;
    if (current instanceof AggregateError) queue.push(...current.errors);
    if (current.cause !== undefined) queue.push(current.cause);
  }
}

/**
 * The one line that says why the database could not be opened, or undefined when the error is not
 * about reaching or entering it (a fault of the code keeps its stack trace).
 * @example connectionProblem(error, { url }) // 'cannot use PostgreSQL at db:5432, database "botica", user "botica" (DATABASE_URL): password authentication failed for user "botica"'
 */
export function connectionProblem(error: unknown, target: DatabaseTarget): string | undefined {
  const where = describeTarget(target);
  const line = (reason: string) => `cannot use ${where}: ${reason.replace(/\s*\n\s*/g, ' ')}`;
  for (const current of chain(error)) {
    if (current instanceof EmbeddedDatabaseMissing || current instanceof EmbeddedDatabaseBusy)
      return line(current.message);
    const code = codeOf(current);
    if (code && ENTRY_SQLSTATES.test(code)) return line(current.message);
    if (code && Object.hasOwn(EXPLAINED, code)) return line(EXPLAINED[code] as string);
    if (CONNECT_MESSAGES.some((message) => current.message.includes(message)))
      return line(
        current.message.startsWith('timeout exceeded')
          ? 'no answer within DB_CONNECT_TIMEOUT_MS'
          : current.message,
      );
    // The embedded database's folder: a file system error (EACCES, EROFS, ENOSPC…).
    if (!('url' in target) && code && /^E[A-Z]+$/.test(code) && 'syscall' in current)
      return line(current.message);
  }
  return undefined;
}
