/**
 * The server's logs: pino's JSON in production (one object a line, for a log collector), short
 * readable lines in development (`LOG_FORMAT`), and exactly one line per request at info level (the
 * health probes' and the metrics scrape's at debug) — method, URL (secrets in its query hidden),
 * status, duration, request id, the client's address and, when logged in, the user and the pharmacy —
 * instead of Fastify's two ("incoming request", "request completed").
 */
import { Writable } from 'node:stream';
import { operations } from '@botica/api-client/endpoints';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** The message of the request line (Fastify's own, which log readers already know). */
export const REQUEST_LOG_MESSAGE = 'request completed';

/** Query parameters whose values never reach a log: reset tokens, passwords, signatures, keys. */
const SECRET_PARAMETER = /token|password|passwd|secret|signature|sig$|key|code|auth|session/i;

/**
 * A URL as it may be logged: the path as it came, and the query with the value of every parameter
 * named like a secret replaced by `[hidden]` (a reset link's `?token=…` must not end up in the logs).
 */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A name that does not decode is logged as it came.
      }
      return equals !== -1 && SECRET_PARAMETER.test(decoded) ? `${name}=[hidden]` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/**
 * Routes polled every few seconds (an orchestrator's or load balancer's health probes, Prometheus's
 * scrape): their lines are at debug level.
 */
const PROBE_ROUTES = new Set<string>([
  operations.health.path,
  operations.ready.path,
  operations.metrics.path,
]);

/**
 * Fastify's log lines of a request, one instead of two: nothing when the request comes in, and when
 * its answer has been sent, one line at info level (error level when sending failed; debug level for
 * the health probes and the metrics scrape unless they answer 5xx) with the method, the URL
 * (`loggableUrl`), the status, the time taken in ms, the client's address (`request.clientAddress`:
 * after the trusted proxies, TRUST_PROXY, read on arrival), the user and the pharmacy (client id) of
 * a logged-in session and, as on every line, the request id.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const user = request.session?.user;
    const line = {
      method: request.method,
      url: loggableUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      // Who asked: the address read on arrival (src/http/client-address.ts; a client that hung up
      // leaves none later), and the user and pharmacy when logged in.
      ...(request.clientAddress ? { address: request.clientAddress } : {}),
      ...(user ? { userId: user.id, ...(user.clientId === null ? {} : { clientId: user.clientId }) } : {}),
    };
    if (error) reply.log.error({ ...line, err: error }, REQUEST_LOG_MESSAGE);
    else if (reply.statusCode < 500 && PROBE_ROUTES.has(request.routeOptions?.url ?? ''))
      reply.log.debug(line, REQUEST_LOG_MESSAGE);
    else reply.log.info(line, REQUEST_LOG_MESSAGE);
  }
}

const LEVELS: Readonly<Record<number, string>> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** pino's own fields, and the request line's, which the pretty line shows in its own way. */
const SHOWN_APART = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'reqId',
  'err',
  'method',
  'url',
  'status',
  'ms',
  'address',
  'userId',
  'clientId',
]);

const paint = (isColoured: boolean, code: number, text: string) =>
  isColoured ? `\u001b[${code}m${text}\u001b[39m` : text;

function clock(time: unknown): string {
  const date = typeof time === 'number' ? new Date(time) : new Date();
  return date.toTimeString().slice(0, 8);
}

function statusColour(status: number): number {
  if (status >= 500) return 31;
  if (status >= 400) return 33;
  return 32;
}

/**
 * One pino JSON line as a short readable one: `10:04:31 GET /api/v1/cart 200 3.1 ms 5f2c1a9e` for a
 * request, `10:04:31 WARN database unavailable: answered 503 code=ECONNREFUSED` (and the error's
 * stack, indented) for anything else. A line that is not JSON is returned as it is.
 */
export function prettyLogLine(line: string, isColoured = false): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  if (entry === null || typeof entry !== 'object') return line;
  const time = paint(isColoured, 90, clock(entry.time));
  const id = typeof entry.reqId === 'string' ? ` ${paint(isColoured, 90, entry.reqId.slice(0, 8))}` : '';
  if (entry.msg === REQUEST_LOG_MESSAGE && typeof entry.status === 'number') {
    const status = paint(isColoured, statusColour(entry.status), String(entry.status));
    const who = [
      typeof entry.userId === 'number' ? ` user=${entry.userId}` : '',
      typeof entry.clientId === 'number' ? ` client=${entry.clientId}` : '',
    ].join('');
    return `${time} ${String(entry.method)} ${String(entry.url)} ${status} ${String(entry.ms)} ms${who}${id}`;
  }
  const level = typeof entry.level === 'number' ? (LEVELS[entry.level] ?? String(entry.level)) : 'INFO';
  const levelColour =
    typeof entry.level === 'number' && entry.level >= 50 ? 31 : entry.level === 40 ? 33 : 36;
  const extra = Object.entries(entry)
    .filter(([key]) => !SHOWN_APART.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const parts = [time, paint(isColoured, levelColour, level), String(entry.msg ?? ''), ...extra];
  let text = `${parts.filter((part) => part !== '').join(' ')}${id}`;
  const error = entry.err as { stack?: unknown; message?: unknown } | undefined;
  if (error && typeof error === 'object') {
    const stack = typeof error.stack === 'string' ? error.stack : String(error.message ?? '');
    text += `\n${stack
      .split('\n')
      .map((stackLine) => `    ${stackLine}`)
      .join('\n')}`;
  }
  return text;
}

/**
 * A stream for pino that writes each JSON line to `destination` as a pretty line (`prettyLogLine`),
 * coloured when the destination is a terminal (and NO_COLOR is not set).
 */
export function prettyLogStream(
  destination: NodeJS.WritableStream = process.stdout,
  isColoured = (destination as { isTTY?: boolean }).isTTY === true && !process.env.NO_COLOR,
): Writable {
  let pending = '';
  return new Writable({
    write(chunk, _encoding, callback) {
      const lines = (pending + String(chunk)).split('\n');
      pending = lines.pop() ?? '';
      const text = lines
        .filter((line) => line !== '')
        .map((line) => `${prettyLogLine(line, isColoured)}\n`)
        .join('');
      if (text === '') callback();
      else destination.write(text, () => callback());
    },
  });
}
