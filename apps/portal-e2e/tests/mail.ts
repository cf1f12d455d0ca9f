/**
 * The e-mail of the end-to-end server: the API delivers every message over SMTP (`SMTP_URL`) to the
 * run's test mail server (tests/smtp-sink.ts, started by playwright.config.ts), and these helpers read
 * them back from its HTTP endpoint, as a pharmacist reads the mail the portal sent.
 */
import type { SinkMessage } from './smtp-sink.ts';

export type { SinkMessage } from './smtp-sink.ts';

/** The test mail server's ports for a run whose portal is on `port`: SMTP on +1, its HTTP on +2. */
export function e2eMailPorts(port: number | string): { smtp: number; http: number } {
  return { smtp: Number(port) + 1, http: Number(port) + 2 };
}

/** The test mail server's HTTP origin for a run on `port`. */
export function e2eMailSink(port: number | string): string {
  return `http://127.0.0.1:${e2eMailPorts(port).http}`;
}

/**
 * The newest message of `kind` (to `to`, if given) received since `since` (ms) whose text contains
 * `mention`, if given; waits for it up to `timeoutMs`.
 */
export async function waitForMail(
  sink: string,
  {
    kind,
    to,
    since,
    mention,
    timeoutMs = 15_000,
  }: { kind: string; to?: string; since: number; mention?: string; timeoutMs?: number },
): Promise<SinkMessage> {
  const deadline = Date.now() + timeoutMs;
  const url = `${sink}/messages${to ? `?to=${encodeURIComponent(to)}` : ''}`;
  while (Date.now() < deadline) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const messages = (await response.json()) as SinkMessage[];
    const found = messages.find(
      (message) =>
        message.kind === kind &&
        message.receivedAt >= since &&
        (mention === undefined || message.text.includes(mention)),
    );
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `no ${kind} e-mail${to ? ` to ${to}` : ''}${mention ? ` mentioning ${mention}` : ''} within ${timeoutMs} ms`,
  );
}

/** The first link to a portal page in a message's text. */
export function linkTo(message: string, path: string): string {
  const match = new RegExp(`https?://[^\\s"<>]+${path.replace(/[/?]/g, '\\$&')}[^\\s"<>]*`).exec(message);
  if (!match) throw new Error(`no link to ${path} in the message`);
  return match[0].replace(/&amp;/g, '&');
}
