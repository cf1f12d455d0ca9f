/**
 * The outbox and its sender on a real database: a message written in a transaction that rolls back
 * never exists; a committed one is delivered over SMTP to a real server in the process; with the
 * SMTP server down it stays in the outbox and goes once the server is back; a permanent refusal is
 * not retried; a message whose link expired is not sent; two senders deliver each message once; an
 * attachment (a calendar invitation) is stored with its message and cleared with the bodies once sent.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { outbox } from '../../src/db/schema.ts';
import { enqueueMail } from '../../src/mail/outbox.ts';
import { type MailLog, MailSender } from '../../src/mail/sender.ts';
import { composeMail } from '../../src/mail/template.ts';
import { MemoryTransport, smtpTransport } from '../../src/mail/transports.ts';
import { testSettings } from '../../src/settings/settings.ts';
import { freePort, startSmtpTestServer } from '../../src/testing/smtp-test-server.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { isUnavailable, postgresUrl } from '../helpers.ts';
import { projectEngine } from './engine.ts';

const FROM = '"Laboratorio Botica, S.L." <administracion.ventas@botica.example>';

/** A log that keeps what it is told. */
function memoryLog(): MailLog & { lines: { level: string; message: string; details: object }[] } {
  const lines: { level: string; message: string; details: object }[] = [];
  const at = (level: string) => (details: object, message: string) => lines.push({ level, message, details });
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}

function mailTo(to: string, link = 'https://portal.example/login/reset_password?secret=abc') {
  return {
    kind: 'test',
    to,
    mail: composeMail(testSettings().laboratory, {
      subject: 'Prueba',
      greeting: 'Hola:',
      paragraphs: ['Un mensaje de prueba.'],
      action: { label: 'Abrir', url: link },
    }),
  };
}

function mailSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`the outbox and its sender on ${engine}`, () => {
    let server: TestServer;
    let db: Database;
    let now: Date;
    const context = () => ({ db, settings: testSettings(), now: () => now });

    beforeAll(async () => {
      server = await startTestServer(engine, { postgresUrl: postgresUrl(), listen: false, data: 'fixture' });
      // These tests drive senders of their own.
      await server.app.mailSender.stop();
      db = server.database.db;
    });
    afterAll(() => server?.close());
    beforeEach(async () => {
      now = new Date('2026-11-24T10:00:00Z');
      await db.delete(outbox);
    });

    const rows = () => db.select().from(outbox).orderBy(outbox.id);

    it('writes nothing when the transaction rolls back, and the sender then sends nothing', async () => {
      const failure = await db
        .transaction(async (tx) => {
          await enqueueMail({ db: tx, now: () => now }, mailTo('ana@farmacia.example'));
          expect(await tx.select().from(outbox)).toHaveLength(1);
          throw new Error('the change failed');
        })
        .catch((error: unknown) => error);
      expect((failure as Error).message).toBe('the change failed');
      expect(await rows()).toEqual([]);
      const transport = new MemoryTransport();
      const result = await new MailSender(context(), transport, memoryLog()).deliverDue();
      expect(result.sent).toBe(0);
      expect(transport.delivered).toEqual([]);
    });

    it('delivers a committed message to a real SMTP server and clears its bodies', async () => {
      const smtp = await startSmtpTestServer();
      try {
        await db.transaction(async (tx) => {
          await enqueueMail({ db: tx, now: () => now }, mailTo('ana@farmacia.example'));
        });
        const sender = new MailSender(context(), smtpTransport(smtp.url, FROM), memoryLog());
        expect(await sender.deliverDue()).toEqual({ sent: 1, retrying: 0, failed: 0, expired: 0 });
        const [received] = await smtp.waitFor(1);
        expect(received?.to).toMatchObject({ text: 'ana@farmacia.example' });
        expect(received?.text).toContain('https://portal.example/login/reset_password?secret=abc');
        const [row] = await rows();
        expect(row).toMatchObject({ status: 'sent', attempts: 1, textBody: null, htmlBody: null });
        expect(row?.sentAt?.toISOString()).toBe(now.toISOString());
      } finally {
        await smtp.close();
      }
    });

    it('stores attachments with the message, delivers a calendar as an invitation and then clears them', async () => {
      const calendar = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n';
      const smtp = await startSmtpTestServer();
      try {
        await db.transaction(async (tx) => {
          await enqueueMail(
            { db: tx, now: () => now },
            {
              ...mailTo('ana@farmacia.example'),
              attachments: [
                {
                  filename: 'webinar.ics',
                  contentType: 'text/calendar; charset=utf-8; method=REQUEST',
                  content: calendar,
                },
              ],
            },
          );
        });
        expect((await rows())[0]?.attachments).toEqual([
          {
            filename: 'webinar.ics',
            contentType: 'text/calendar; charset=utf-8; method=REQUEST',
            content: calendar,
          },
        ]);
        const sender = new MailSender(context(), smtpTransport(smtp.url, FROM), memoryLog());
        expect(await sender.deliverDue()).toMatchObject({ sent: 1 });
        const [received] = await smtp.waitFor(1);
        const invitation = received?.attachments.find((part) => part.contentType === 'text/calendar');
        expect(invitation?.content.toString('utf8')).toBe(calendar);
        expect(received?.attachments.some((part) => part.filename === 'webinar.ics')).toBe(true);
        expect((await rows())[0]).toMatchObject({
          status: 'sent',
          textBody: null,
          htmlBody: null,
          attachments: null,
        });
      } finally {
        await smtp.close();
      }
    });

    it('refuses an attachment whose name or type could break the message', async () => {
      for (const attachment of [
        { filename: 'a\r\nBcc: x@y.example', contentType: 'text/plain', content: 'x' },
        { filename: 'a.txt', contentType: 'text/plain\r\nX-Evil: 1', content: 'x' },
        { filename: '', contentType: 'text/plain', content: 'x' },
      ]) {
        await expect(
          enqueueMail(
            { db, now: () => now },
            { ...mailTo('ana@farmacia.example'), attachments: [attachment] },
          ),
        ).rejects.toThrow(/not usable/);
      }
      expect(await rows()).toEqual([]);
    });

    it('keeps a message while the SMTP server is down, with backoff, and delivers it once it is back', async () => {
      const port = await freePort();
      const log = memoryLog();
      const sender = new MailSender(context(), smtpTransport(`smtp://127.0.0.1:${port}`, FROM), log, {
        retryBaseMs: 10_000,
        random: () => 1,
      });
      await enqueueMail({ db, now: () => now }, mailTo('ana@farmacia.example'));
      expect(await sender.deliverDue()).toMatchObject({ sent: 0, retrying: 1 });
      let [row] = await rows();
      expect(row).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null });
      expect(row?.lastError).toMatch(/ECONNECTION|ECONNREFUSED/);
      expect(row?.nextAttemptAt.getTime()).toBe(now.getTime() + 10_000);
      // Not due yet: nothing is tried.
      expect(await sender.deliverDue()).toMatchObject({ retrying: 0 });
      now = new Date(now.getTime() + 10_000);
      expect(await sender.deliverDue()).toMatchObject({ retrying: 1 });
      [row] = await rows();
      expect(row?.nextAttemptAt.getTime()).toBe(now.getTime() + 20_000);
      expect(log.lines.filter((line) => line.message === 'mail: delivery failed, will retry')).toHaveLength(
        2,
      );

      const smtp = await startSmtpTestServer(port);
      try {
        now = new Date(now.getTime() + 20_000);
        expect(await sender.deliverDue()).toMatchObject({ sent: 1 });
        await smtp.waitFor(1);
        [row] = await rows();
        expect(row).toMatchObject({ status: 'sent', attempts: 3 });
      } finally {
        await smtp.close();
      }
    });

    it('marks a permanently refused message failed, logs it and never tries it again', async () => {
      const smtp = await startSmtpTestServer();
      try {
        smtp.refuse = 550;
        const log = memoryLog();
        const sender = new MailSender(context(), smtpTransport(smtp.url, FROM), log);
        await enqueueMail({ db, now: () => now }, mailTo('nadie@farmacia.example'));
        expect(await sender.deliverDue()).toMatchObject({ failed: 1 });
        const [row] = await rows();
        expect(row).toMatchObject({ status: 'failed', attempts: 1, textBody: null });
        expect(row?.lastError).toMatch(/550/);
        expect(log.lines.find((line) => line.level === 'error')?.message).toBe(
          'mail: refused for good, not retried',
        );
        smtp.refuse = null;
        now = new Date(now.getTime() + 86_400_000);
        expect(await sender.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0, expired: 0 });
        expect(smtp.messages).toEqual([]);
      } finally {
        await smtp.close();
      }
    });

    it('gives up on temporary failures after MAIL_GIVE_UP_HOURS', async () => {
      const transport = new MemoryTransport();
      transport.failWith = null;
      const sender = new MailSender(context(), transport, memoryLog());
      await enqueueMail({ db, now: () => now }, mailTo('ana@farmacia.example'));
      const { MailDeliveryError } = await import('../../src/mail/transports.ts');
      transport.failWith = new MailDeliveryError('SMTP 421: try later', false);
      now = new Date(now.getTime() + 72 * 3_600_000);
      expect(await sender.deliverDue()).toMatchObject({ failed: 1 });
      expect((await rows())[0]?.status).toBe('failed');
    });

    it('does not send a message whose content expired', async () => {
      const transport = new MemoryTransport();
      const sender = new MailSender(context(), transport, memoryLog());
      await enqueueMail(
        { db, now: () => now },
        { ...mailTo('ana@farmacia.example'), discardAfter: new Date(now.getTime() + 60_000) },
      );
      now = new Date(now.getTime() + 60_000);
      expect(await sender.deliverDue()).toMatchObject({ expired: 1, sent: 0 });
      expect(transport.delivered).toEqual([]);
      expect((await rows())[0]).toMatchObject({ status: 'expired', textBody: null });
    });

    it('lets a message go again when the sender that claimed it died (the lease ends)', async () => {
      await enqueueMail({ db, now: () => now }, mailTo('ana@farmacia.example'));
      // A sender claims the row and dies before recording anything.
      await db.execute(
        sql`update outbox set attempts = 1, locked_until = ${new Date(now.getTime() + 120_000).toISOString()}::timestamptz`,
      );
      const transport = new MemoryTransport();
      const sender = new MailSender(context(), transport, memoryLog());
      expect(await sender.deliverDue()).toMatchObject({ sent: 0 });
      now = new Date(now.getTime() + 120_000);
      expect(await sender.deliverDue()).toMatchObject({ sent: 1 });
      expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 2 });
    });

    it('delivers each of 40 messages exactly once with three senders at once', async () => {
      for (let index = 0; index < 40; index += 1)
        await enqueueMail({ db, now: () => now }, mailTo(`f${index}@farmacia.example`));
      const transports = [new MemoryTransport(), new MemoryTransport(), new MemoryTransport()];
      const senders = transports.map(
        (transport) => new MailSender(context(), transport, memoryLog(), { batchSize: 3 }),
      );
      await Promise.all(senders.map((sender) => sender.deliverDue()));
      const delivered = transports.flatMap((transport) => transport.delivered.map((message) => message.to));
      expect(delivered.sort()).toEqual(
        Array.from({ length: 40 }, (_, index) => `f${index}@farmacia.example`).sort(),
      );
      expect(await db.select().from(outbox).where(eq(outbox.status, 'sent'))).toHaveLength(40);
      console.info(
        `[mail ${engine}] 40 messages over 3 senders: ${transports.map((transport) => transport.delivered.length).join(' / ')}`,
      );
    });
  });
}

mailSuite(projectEngine());
