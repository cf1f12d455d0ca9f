/**
 * The end-to-end run's mail server: a real SMTP server (the `smtp-server` package, as in the API's
 * own suites) that accepts every message the API sends, parses it with `mailparser` and shows the
 * latest ones over HTTP, so a spec reads the mail a pharmacist would get. Playwright starts it before
 * the API (playwright.config.ts); run it alone with
 * `node tests/smtp-sink.ts --smtp-port 2525 --http-port 2526`.
 *
 * - `GET /` → `ok` (readiness).
 * - `GET /messages?to=address` → the messages to that address (all without `to`), newest first:
 *   `{ id, receivedAt, kind, from, to, subject, text, html, attachments: [{ filename, contentType, size }] }`.
 *
 * It keeps only the newest `MAX_MESSAGES` in memory, listens on 127.0.0.1 only, and closes both
 * servers on SIGTERM or SIGINT.
 */
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the HTTP endpoint shows it. */
export interface SinkMessage {
  /** Its order of arrival (1, 2, …). */
  id: number;
  /** When it arrived (ms since the epoch). */
  receivedAt: number;
  /** The API's `X-Botica-Mail` header (`password_reset`, `registration_received`, …), or ''. */
  kind: string;
  from: string;
  /** The envelope's recipients (lower case): whom the message was really delivered to. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; size: number }[];
}

const MAX_MESSAGES = 200;
const MAX_MESSAGE_BYTES = 5 * 1024 * 1024;

const { values } = parseArgs({
  options: { 'smtp-port': { type: 'string' }, 'http-port': { type: 'string' } },
});
const smtpPort = Number(values['smtp-port'] ?? 2525);
const httpPort = Number(values['http-port'] ?? smtpPort + 1);
const host = '127.0.0.1';

const messages: SinkMessage[] = [];
let received = 0;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  size: MAX_MESSAGE_BYTES,
  // Closing waits this long at most for a client still connected.
  closeTimeout: 1000,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        if (stream.sizeExceeded) {
          callback(Object.assign(new Error('message too large'), { responseCode: 552 }));
          return;
        }
        const kind = parsed.headers.get('x-botica-mail');
        messages.push({
          id: ++received,
          receivedAt: Date.now(),
          kind: typeof kind === 'string' ? kind : '',
          from: parsed.from?.text ?? '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
          attachments: parsed.attachments.map((attachment) => ({
            filename: attachment.filename ?? '',
            contentType: attachment.contentType,
            size: attachment.size,
          })),
        });
        if (messages.length > MAX_MESSAGES) messages.splice(0, messages.length - MAX_MESSAGES);
        callback();
      })
      .catch((error: Error) => callback(error));
  },
});
smtp.on('error', (error) => console.error(`smtp-sink: ${error.message}`));

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://${host}`);
  if (request.method !== 'GET') {
    response.writeHead(405, { allow: 'GET' }).end();
  } else if (url.pathname === '/') {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  } else if (url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = messages.filter((message) => !to || message.to.includes(to)).reverse();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
  } else {
    response.writeHead(404).end();
  }
});

function listen(server: { listen: (port: number, host: string, done: () => void) => unknown }, port: number) {
  return new Promise<void>((resolve) => server.listen(port, host, resolve));
}

let closing = false;
function shutDown(signal: string): void {
  if (closing) return;
  closing = true;
  http.closeAllConnections();
  Promise.all([
    new Promise<void>((resolve) => http.close(() => resolve())),
    new Promise<void>((resolve) => smtp.close(() => resolve())),
  ]).then(() => {
    console.log(`smtp-sink: closed (${signal}), ${received} messages received`);
    process.exit(0);
  });
  // Whatever still hangs on, the process ends.
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGTERM', () => shutDown('SIGTERM'));
process.on('SIGINT', () => shutDown('SIGINT'));

// SMTP first: once HTTP answers (Playwright's readiness check), mail can already be delivered.
smtp.server.once('error', (error) => {
  console.error(`smtp-sink: SMTP port ${smtpPort}: ${error.message}`);
  process.exit(1);
});
http.once('error', (error) => {
  console.error(`smtp-sink: HTTP port ${httpPort}: ${error.message}`);
  process.exit(1);
});
await listen(smtp, smtpPort);
await listen(http, httpPort);
console.log(`smtp-sink: SMTP on ${host}:${smtpPort}, messages on http://${host}:${httpPort}/messages`);
