/**
 * A real SMTP server in the test process (the `smtp-server` package, nodemailer's authors): it
 * accepts everything (no TLS, no login), parses each message with `mailparser` and keeps it. `refuse`
 * makes it answer the next messages with an SMTP error code (4xx temporary, 5xx permanent).
 */
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  port: number;
  /** `smtp://127.0.0.1:{port}` */
  url: string;
  messages: ParsedMail[];
  /** Answers every message with this code (e.g. 451, 550) until set back to null. */
  refuse: number | null;
  /** Resolves when `count` messages have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** Starts the server on `port` (0: any free one). */
export async function startSmtpTestServer(port = 0): Promise<TestSmtpServer> {
  const messages: ParsedMail[] = [];
  const waiters = new Set<() => void>();
  const state: { refuse: number | null } = { refuse: null };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          if (state.refuse !== null) {
            const error = Object.assign(new Error(`refused by the test server (${state.refuse})`), {
              responseCode: state.refuse,
            });
            callback(error);
            return;
          }
          messages.push(parsed);
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    messages,
    get refuse() {
      return state.refuse;
    },
    set refuse(code) {
      state.refuse = code;
    },
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(messages);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${messages.length} of ${count} messages arrived in ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A port that was free a moment ago (for a server that is "down" now and started there later). */
export async function freePort(): Promise<number> {
  const probe = await startSmtpTestServer(0);
  await probe.close();
  return probe.port;
}
