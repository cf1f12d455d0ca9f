import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startSmtpTestServer, type TestSmtpServer } from '../testing/smtp-test-server.ts';
import {
  calendarMethod,
  emlFileTransport,
  isPermanentSmtpFailure,
  linksOf,
  MailDeliveryError,
  type MailEnvelope,
  senderMailbox,
  smtpTransport,
} from './transports.ts';

const FROM = '"Laboratorio Botica, S.L." <administracion.ventas@botica.example>';
const message: MailEnvelope = {
  id: 7,
  kind: 'password_reset',
  to: 'ana@farmacia.example',
  subject: 'Cambia tu contraseña',
  text: 'Abre https://portal.example/login/reset_password?secret=abc para cambiarla.',
  html: '<p>Abre el enlace</p>',
  attachments: [],
};

const CALENDAR = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Botica//Test//ES',
  'METHOD:REQUEST',
  'BEGIN:VEVENT',
  'UID:test-1@botica.example',
  'DTSTAMP:20261124T100000Z',
  'DTSTART:20261201T160000Z',
  'DTEND:20261201T170000Z',
  'SUMMARY:Webinar de prueba',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

/** A message with a calendar invitation and an ordinary file. */
const withAttachments: MailEnvelope = {
  ...message,
  id: 8,
  kind: 'webinar_signup',
  attachments: [
    {
      filename: 'webinar.ics',
      contentType: 'text/calendar; charset=utf-8; method=REQUEST',
      content: CALENDAR,
    },
    {
      filename: 'programa.txt',
      contentType: 'text/plain; charset=utf-8',
      content: Buffer.from('Programa del día', 'utf8').toString('base64'),
      encoding: 'base64',
    },
  ],
};

/** The calendar parts of a parsed message: the text/calendar alternative and the attached file. */
function calendarParts(parsed: import('mailparser').ParsedMail) {
  return parsed.attachments.filter((attachment) => /calendar|ics/.test(attachment.contentType));
}

describe('the .eml writer', () => {
  const dir = mkdtempSync(join(tmpdir(), 'botica-eml-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a message file and prints recipient, subject and link', async () => {
    const printed: string[] = [];
    await emlFileTransport(dir, FROM, (line) => printed.push(line)).deliver(message);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/-7-password_reset\.eml$/);
    const parsed = await simpleParser(readFileSync(join(dir, files[0] as string)));
    expect(parsed.subject).toBe('Cambia tu contraseña');
    expect(parsed.text).toContain('secret=abc');
    expect(parsed.html).toContain('<p>Abre el enlace</p>');
    expect(parsed.messageId).toBe('<outbox-7@botica.example>');
    expect(printed[0]).toBe('[botica-mail] To: ana@farmacia.example | Subject: Cambia tu contraseña');
    expect(printed[1]).toBe('[botica-mail]   Link: https://portal.example/login/reset_password?secret=abc');
  });

  it('writes the calendar invitation and the files into the message, and names them on the console', async () => {
    const printed: string[] = [];
    const own = mkdtempSync(join(tmpdir(), 'botica-eml-'));
    try {
      await emlFileTransport(own, FROM, (line) => printed.push(line)).deliver(withAttachments);
      const [file] = readdirSync(own);
      const raw = readFileSync(join(own, file as string), 'utf8');
      expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/);
      const parsed = await simpleParser(raw);
      const calendar = calendarParts(parsed);
      expect(calendar.length).toBeGreaterThan(0);
      // The file is written with the system's line ends (`newline: 'unix'`), as mail programs save them.
      const lines = (text: string) => text.replace(/\r\n/g, '\n');
      for (const part of calendar) expect(lines(part.content.toString('utf8'))).toBe(lines(CALENDAR));
      expect(parsed.attachments.find((part) => part.filename === 'programa.txt')?.content.toString()).toBe(
        'Programa del día',
      );
      expect(printed).toContain(
        '[botica-mail]   Attached: webinar.ics (text/calendar; charset=utf-8; method=REQUEST)',
      );
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });

  it('finds the links of a text once each', () => {
    expect(linksOf('a http://x.example/1 b http://x.example/1 https://y.example/?a=1&b=2')).toEqual([
      'http://x.example/1',
      'https://y.example/?a=1&b=2',
    ]);
  });
});

describe('the SMTP transport against a real SMTP server', () => {
  let server: TestSmtpServer;
  beforeAll(async () => {
    server = await startSmtpTestServer();
  });
  afterAll(() => server?.close());

  it('delivers both parts to the recipient', async () => {
    await smtpTransport(server.url, FROM).deliver(message);
    const [received] = await server.waitFor(1);
    expect(received?.subject).toBe('Cambia tu contraseña');
    expect(received?.text).toContain('secret=abc');
    expect(received?.html).toContain('Abre el enlace');
    expect(received?.headers.get('auto-submitted')).toBe('auto-generated');
  });

  it('sends a calendar as an invitation (text/calendar with its method) and other files as files', async () => {
    const before = server.messages.length;
    await smtpTransport(server.url, FROM).deliver(withAttachments);
    const received = (await server.waitFor(before + 1))[before];
    if (!received) throw new Error('nothing arrived');
    const calendar = calendarParts(received);
    const invitation = calendar.find((part) => part.contentType === 'text/calendar');
    expect(invitation?.content.toString('utf8')).toBe(CALENDAR);
    expect(invitation?.headers.get('content-type')).toMatchObject({ params: { method: 'REQUEST' } });
    // The same object attached as a file, for the mail programs that only offer files.
    expect(calendar.find((part) => part.filename === 'webinar.ics')?.content.toString('utf8')).toBe(CALENDAR);
    expect(received.attachments.find((part) => part.filename === 'programa.txt')?.content.toString()).toBe(
      'Programa del día',
    );
    expect(received.text).toContain('secret=abc');
  });

  it("reads a calendar's method from its type, else from its METHOD line", () => {
    const base = { filename: 'x.ics', content: CALENDAR };
    expect(calendarMethod({ ...base, contentType: 'text/calendar; method=cancel' })).toBe('CANCEL');
    expect(calendarMethod({ ...base, contentType: 'text/calendar' })).toBe('REQUEST');
    expect(
      calendarMethod({
        ...base,
        contentType: 'text/calendar',
        content: Buffer.from(CALENDAR.replace('REQUEST', 'CANCEL')).toString('base64'),
        encoding: 'base64',
      }),
    ).toBe('CANCEL');
    expect(calendarMethod({ ...base, contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' })).toBe(
      'PUBLISH',
    );
  });

  it('says a 5xx refusal is permanent and a 4xx one temporary', async () => {
    server.refuse = 550;
    const permanent = await smtpTransport(server.url, FROM)
      .deliver(message)
      .catch((error: unknown) => error);
    server.refuse = 451;
    const temporary = await smtpTransport(server.url, FROM)
      .deliver(message)
      .catch((error: unknown) => error);
    server.refuse = null;
    expect(permanent).toBeInstanceOf(MailDeliveryError);
    expect((permanent as MailDeliveryError).permanent).toBe(true);
    expect((temporary as MailDeliveryError).permanent).toBe(false);
  });

  it('says a server that cannot be reached is a temporary failure', async () => {
    const port = await freePort();
    const failure = await smtpTransport(`smtp://127.0.0.1:${port}`, FROM)
      .deliver(message)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MailDeliveryError);
    expect((failure as MailDeliveryError).permanent).toBe(false);
  });

  it('reads the name and address of a sender', () => {
    expect(senderMailbox(FROM)).toEqual({
      name: 'Laboratorio Botica, S.L.',
      address: 'administracion.ventas@botica.example',
    });
    expect(senderMailbox('Formación <formacion@botica.example>')).toEqual({
      name: 'Formación',
      address: 'formacion@botica.example',
    });
    expect(senderMailbox(' formacion@botica.example ')).toEqual({
      name: '',
      address: 'formacion@botica.example',
    });
  });

  it('does not count a refused login as permanent', () => {
    expect(isPermanentSmtpFailure(Object.assign(new Error('x'), { code: 'EAUTH', responseCode: 535 }))).toBe(
      false,
    );
    expect(
      isPermanentSmtpFailure(Object.assign(new Error('x'), { code: 'EENVELOPE', responseCode: 553 })),
    ).toBe(true);
    expect(isPermanentSmtpFailure(Object.assign(new Error('x'), { code: 'ECONNECTION' }))).toBe(false);
  });
});
