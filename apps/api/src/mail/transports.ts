/**
 * How a message leaves: over SMTP with nodemailer (`SMTP_URL`), or, in development, as an `.eml`
 * file with its subject, recipient and links printed on the console. A transport throws a
 * `MailDeliveryError` that says whether trying again may help (4xx, a server that cannot be reached)
 * or not (5xx: the address or the message is refused).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Settings } from '../settings/settings.ts';

/**
 * A file sent with a message. `content` is the text itself, or base64 with `encoding: 'base64'`. A
 * calendar (`text/calendar; method=…`) is sent as an iTIP invitation (see `nodemailerMessage`).
 */
export interface MailAttachment {
  /** The name mail programs show, e.g. `webinar.ics`. */
  filename: string;
  /** The MIME type, e.g. `text/calendar; charset=utf-8; method=REQUEST`. */
  contentType: string;
  content: string;
  encoding?: 'base64';
}

/** A message as the sender hands it to a transport. */
export interface MailEnvelope {
  /** The outbox row (also the stable Message-ID, so a repeated delivery is recognisable). */
  id: number;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
}

/** Delivers one message or throws a `MailDeliveryError` (anything else counts as temporary). */
export interface MailTransport {
  /** For the logs: `smtp`, `eml-files`, `memory`. */
  readonly name: string;
  deliver(message: MailEnvelope): Promise<void>;
  close?(): void;
}

/** A failed delivery: `permanent` when sending it again would be refused again. */
export class MailDeliveryError extends Error {
  override readonly name = 'MailDeliveryError';
  readonly permanent: boolean;
  constructor(message: string, permanent: boolean, options?: { cause?: unknown }) {
    super(message, options);
    this.permanent = permanent;
  }
}

/** nodemailer's error fields. */
interface SmtpFailure extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
}

/**
 * Whether an SMTP failure is permanent: a 5xx reply, except a refused login (a setting to fix, after
 * which the message should still go). Connections refused, timeouts and 4xx replies are temporary.
 */
export function isPermanentSmtpFailure(error: SmtpFailure): boolean {
  if (error.code === 'EAUTH') return false;
  if (error.code === 'EENVELOPE' && error.responseCode === undefined) return true;
  return typeof error.responseCode === 'number' && error.responseCode >= 500 && error.responseCode < 600;
}

/**
 * The display name and address of a sender such as `MAIL_FROM`: `"Name" <address>`, `Name <address>`
 * or a bare address (name '').
 * @example senderMailbox('"Laboratorio Botica" <formacion@botica.example>') // { name: 'Laboratorio Botica', address: 'formacion@botica.example' }
 */
export function senderMailbox(from: string): { name: string; address: string } {
  const angled = /^\s*(.*?)\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from);
  if (angled) {
    const name = (angled[1] ?? '').replace(/^"(.*)"$/, '$1').replace(/\\(.)/g, '$1');
    return { name, address: angled[2] as string };
  }
  return { name: '', address: from.trim() };
}

function messageId(message: MailEnvelope, from: string): string {
  const domain = /@([^>\s]+)$/.exec(senderMailbox(from).address)?.[1] ?? 'botica.invalid';
  return `<outbox-${message.id}@${domain}>`;
}

/** Whether an attachment is an iCalendar object. */
export function isCalendar(attachment: MailAttachment): boolean {
  return /^text\/calendar\b/i.test(attachment.contentType);
}

/**
 * A calendar's iTIP method (RFC 5546): the content type's `method=` parameter, else the object's
 * `METHOD:` line, else PUBLISH.
 */
export function calendarMethod(attachment: MailAttachment): string {
  const fromType = /;\s*method="?([A-Za-z-]+)"?/i.exec(attachment.contentType)?.[1];
  const text =
    attachment.encoding === 'base64'
      ? Buffer.from(attachment.content, 'base64').toString('utf8')
      : attachment.content;
  const fromContent = /^METHOD:([A-Za-z-]+)\r?$/m.exec(text)?.[1];
  return (fromType ?? fromContent ?? 'PUBLISH').toUpperCase();
}

/**
 * nodemailer's message. The first calendar attachment goes as nodemailer's `icalEvent`: the iMIP form
 * (RFC 6047) that Outlook, Gmail and Apple Mail turn into an invitation (add to the calendar, or
 * remove it for a CANCEL) — a `text/calendar; method=…` part beside the text and HTML in
 * multipart/alternative, and the same object attached as a file (`application/ics`) for the
 * programs that only offer files. Any other attachment goes as an ordinary file.
 */
export function nodemailerMessage(message: MailEnvelope, from: string): SendMailOptions {
  const calendar = message.attachments.find(isCalendar);
  const files = message.attachments.filter((attachment) => attachment !== calendar);
  return {
    from,
    // An object, so a recipient with a comma in it is one address, never a list.
    to: { name: '', address: message.to },
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: messageId(message, from),
    headers: { 'Auto-Submitted': 'auto-generated', 'X-Botica-Mail': message.kind },
    ...(calendar
      ? {
          icalEvent: {
            method: calendarMethod(calendar),
            filename: calendar.filename,
            content: calendar.content,
            ...(calendar.encoding ? { encoding: calendar.encoding } : {}),
          },
        }
      : {}),
    ...(files.length > 0
      ? {
          attachments: files.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: file.content,
            ...(file.encoding ? { encoding: file.encoding } : {}),
          })),
        }
      : {}),
  };
}

/** SMTP with nodemailer: one connection per message, timeouts short enough not to hold a sender long. */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl, {});
  const options = transporter.options as Record<string, unknown>;
  options.connectionTimeout ??= 10_000;
  options.greetingTimeout ??= 10_000;
  options.socketTimeout ??= 30_000;
  return {
    name: 'smtp',
    async deliver(message) {
      try {
        await transporter.sendMail(nodemailerMessage(message, from));
      } catch (error) {
        const failure = error as SmtpFailure;
        const reason = failure.response ?? failure.message;
        throw new MailDeliveryError(
          `SMTP ${failure.responseCode ?? failure.code ?? 'error'}: ${reason}`,
          isPermanentSmtpFailure(failure),
          { cause: error },
        );
      }
    },
    close: () => transporter.close(),
  };
}

/** The http(s) links of a text (for the console). */
export function linksOf(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
}

/**
 * Development without a mail server: each message becomes `{dir}/{time}-{id}-{kind}.eml` (opens in
 * any mail program) and its recipient, subject and links are printed, so a developer can follow a
 * reset link from the console.
 */
export function emlFileTransport(
  dir: string,
  from: string,
  print: (line: string) => void = (line) => console.log(line),
): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    name: 'eml-files',
    async deliver(message) {
      const info = await composer.sendMail(nodemailerMessage(message, from));
      mkdirSync(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(dir, `${stamp}-${message.id}-${message.kind.replace(/[^\w-]/g, '')}.eml`);
      writeFileSync(file, info.message as Buffer);
      const lines = [
        `[botica-mail] To: ${message.to} | Subject: ${message.subject}`,
        ...linksOf(message.text).map((link) => `[botica-mail]   Link: ${link}`),
        ...message.attachments.map(
          (attachment) => `[botica-mail]   Attached: ${attachment.filename} (${attachment.contentType})`,
        ),
        `[botica-mail]   Saved as ${file}`,
      ];
      for (const line of lines) print(line);
    },
  };
}

/** A transport that keeps what it delivers (tests); `failWith` makes the next deliveries fail. */
export class MemoryTransport implements MailTransport {
  readonly name = 'memory';
  readonly delivered: MailEnvelope[] = [];
  failWith: MailDeliveryError | null = null;
  async deliver(message: MailEnvelope): Promise<void> {
    if (this.failWith) throw this.failWith;
    this.delivered.push(message);
  }
}

/** The transport the settings ask for: SMTP with `SMTP_URL`, else `.eml` files in `MAIL_DIR`. */
export function transportFromSettings(settings: Settings): MailTransport {
  const { smtpUrl, from, dir } = settings.mail;
  return smtpUrl ? smtpTransport(smtpUrl, from) : emlFileTransport(dir, from);
}
