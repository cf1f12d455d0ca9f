/**
 * Training and news on a real server: the api-client's calls over HTTP and the raw
 * security rules over `app.inject`. Public: the webinar agenda, a webinar, the news and their
 * pictures. Logged in: the history, materials and their tags and files, newsletters, the signup
 * (CSRF, 422 on a body, 409 once ended) and its e-mails with the calendar invitation (written in the
 * signup's transaction; through a real SMTP server and into an `.eml` file). Run on PGlite and
 * PostgreSQL (training.*.test.ts).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiClient } from '@botica/api-client';
import { ErrorBodySchema, RichTextSchema } from '@botica/api-client/schemas';
import { sql } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import { DEMO_ACCOUNTS } from '../../src/demo-data/index.ts';
import {
  emlFileTransport,
  type MailEnvelope,
  type MailTransport,
  senderMailbox,
  smtpTransport,
} from '../../src/mail/transports.ts';
import { testSettings } from '../../src/settings/settings.ts';
import { type CalendarProperty, calendarProperty, readCalendar } from '../../src/testing/calendar-reader.ts';
import { pdfText } from '../../src/testing/pdf-text.ts';
import { startSmtpTestServer, type TestSmtpServer } from '../../src/testing/smtp-test-server.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { icsDateTime } from '../../src/training/ics.ts';
import { client, failure, isUnavailable, loggedIn, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

/** Waits until the outbox has nothing pending (every message delivered, its row finished). */
async function outboxSettled(server: TestServer): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 20) {
    const [pending] = await selectRows<{ count: number | string }>(
      server.database.db,
      sql`select count(*) as count from outbox where status = 'pending'`,
    );
    if (Number(pending?.count) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the outbox still has pending messages after 10 s');
}

/** The properties of a message's one attachment, a calendar. */
function calendarOf(message: Pick<MailEnvelope, 'attachments'>): CalendarProperty[] {
  expect(message.attachments).toHaveLength(1);
  const [attachment] = message.attachments;
  expect(attachment?.filename).toBe('webinar.ics');
  return readCalendar(attachment?.content ?? '');
}

const value = (properties: readonly CalendarProperty[], name: string) =>
  calendarProperty(properties, name).value;

/** The text/calendar part (iMIP) of a received message, and the attached `webinar.ics`. */
function calendarParts(message: ParsedMail) {
  return {
    invitation: message.attachments.find((part) => part.contentType === 'text/calendar'),
    file: message.attachments.find((part) => part.filename === 'webinar.ics'),
  };
}

function expectError(response: { statusCode: number; body: string }, status: number): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(ErrorBodySchema.safeParse(JSON.parse(response.body)).success).toBe(true);
}

/** Logged-in-only GETs: 401 anonymous, 403 for a user who is not a client. */
const CLIENT_ONLY = [
  '/api/v1/driver/training/webinars?when=past',
  '/api/v1/driver/training/materials',
  '/api/v1/driver/training/materials_tags',
  '/api/v1/driver/training/materials/1/file',
  '/api/v1/driver/training/newsletters',
  '/api/v1/driver/training/newsletters/1/file',
];

/** Public GETs: answered to anyone. */
const PUBLIC = [
  '/api/v1/driver/training/webinars',
  '/api/v1/driver/training/webinars/15',
  '/api/v1/cms/posts',
  '/api/v1/cms/posts/1',
  '/api/v1/cms/posts/1/image',
];

function trainingSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`training and news on ${engine}`, () => {
    let server: TestServer;
    let api: ApiClient;

    beforeAll(async () => {
      server = await startTestServer(engine, { postgresUrl: postgresUrl(), products: 60 });
      api = await loggedIn(server, DEMO_ACCOUNTS.demo);
    });
    afterAll(() => server?.close());

    /** A webinar id by phase at the server's clock. */
    async function webinarIds() {
      const rows = await selectRows<{ id: number; ended: boolean }>(
        server.database.db,
        sql`select id, starts_at + make_interval(mins => duration_minutes) <= now() as ended from webinars order by starts_at`,
      );
      return {
        past: rows.find((row) => row.ended)?.id ?? 0,
        upcoming: rows.filter((row) => !row.ended).map((row) => row.id),
      };
    }

    describe('access', () => {
      it.each(PUBLIC)('anonymous GET %s → 200', async (path) => {
        const response = await new InjectSession(server.app).request('GET', path);
        expect(response.statusCode, response.body).toBe(200);
      });

      it.each(CLIENT_ONLY)('anonymous GET %s → 401; a sales rep → 403', async (path) => {
        expectError(await new InjectSession(server.app).request('GET', path), 401);
        const rep = new InjectSession(server.app);
        await rep.login(DEMO_ACCOUNTS.comercial);
        expectError(await rep.request('GET', path), 403);
      });

      it('signup and cancel: 419 without (or with a wrong) CSRF token, 401 anonymous, 403 for a rep', async () => {
        const { upcoming } = await webinarIds();
        const path = `/api/v1/driver/training/webinars/${upcoming[1]}/signup`;
        const session = new InjectSession(server.app);
        await session.login(DEMO_ACCOUNTS.norte);
        for (const method of ['POST', 'DELETE'] as const) {
          for (const csrf of [false, 'not-the-token']) {
            expectError(await session.request(method, path, { payload: {}, csrf }), 419);
          }
          const anonymous = new InjectSession(server.app);
          await anonymous.csrf();
          expectError(await anonymous.request(method, path, { payload: {} }), 401);
          const rep = new InjectSession(server.app);
          await rep.login(DEMO_ACCOUNTS.comercial);
          expectError(await rep.request(method, path, { payload: {} }), 403);
        }
        const [signups] = await selectRows<{ count: number | string }>(
          server.database.db,
          sql`select count(*) as count from webinar_signups`,
        );
        expect(Number(signups?.count)).toBe(0);
      });

      it('bad input → 422 (a signup body with fields, bad query values); unknown ids → 404', async () => {
        const { upcoming } = await webinarIds();
        const session = new InjectSession(server.app);
        await session.login(DEMO_ACCOUNTS.norte);
        expectError(
          await session.request('POST', `/api/v1/driver/training/webinars/${upcoming[1]}/signup`, {
            payload: { user_id: 1 },
          }),
          422,
        );
        for (const path of [
          '/api/v1/driver/training/webinars?when=tomorrow',
          '/api/v1/driver/training/webinars?page=0',
          '/api/v1/driver/training/materials?tags[]=x',
          '/api/v1/driver/training/materials?per_page=51',
          '/api/v1/cms/posts?page=abc',
        ]) {
          expectError(await session.request('GET', path), 422);
        }
        for (const path of [
          '/api/v1/driver/training/webinars/999999',
          '/api/v1/driver/training/webinars/abc',
          '/api/v1/driver/training/materials/999999/file',
          '/api/v1/cms/posts/999999',
        ]) {
          expectError(await session.request('GET', path), 404);
        }
      });
    });

    describe('webinars', () => {
      it('the agenda: upcoming only, soonest first, in the contract, for anonymous visitors too', async () => {
        const anonymous = client(server);
        const { data, meta } = await anonymous.training.webinars();
        expect(data.length).toBeGreaterThan(0);
        expect(meta.total).toBe(data.length);
        const now = Date.now();
        for (const webinar of data) {
          expect(new Date(webinar.ends_at).getTime()).toBeGreaterThan(now);
          expect(webinar.phase).not.toBe('ended');
          expect(webinar.is_signed_up).toBe(false);
          expect(webinar.recording_url).toBeNull();
          expect(webinar.speaker.name).not.toBe('');
        }
        const starts = data.map((webinar) => webinar.starts_at);
        expect(starts).toEqual([...starts].sort());
        expect(data.some((webinar) => webinar.products.length > 0)).toBe(true);
      });

      it('the history: ended webinars, latest first, with recordings and materials', async () => {
        expect((await failure(client(server).training.webinars({ when: 'past' }))).status).toBe(401);
        const { data, meta } = await api.training.webinars({ when: 'past', per_page: 50 });
        expect(meta.total).toBeGreaterThanOrEqual(12);
        for (const webinar of data) {
          expect(webinar.phase).toBe('ended');
          expect(webinar.recording_url).toMatch(/^https:\/\//);
        }
        const starts = data.map((webinar) => webinar.starts_at);
        expect(starts).toEqual([...starts].sort().reverse());
        expect(data.some((webinar) => webinar.materials.length > 0)).toBe(true);
      });

      it('signs up once, shows the join link only to the signed-up user while it is time, cancels', async () => {
        const { upcoming } = await webinarIds();
        const [live, later] = upcoming as [number, number];
        const anonymous = await client(server).training.webinar(live);
        expect(anonymous.data).toMatchObject({ phase: 'joinable', is_signed_up: false, join_url: null });

        const before = await api.training.webinar(live);
        expect(before.data.join_url).toBeNull();
        const signed = await api.training.signUp(live);
        expect(signed.data).toMatchObject({ is_signed_up: true, phase: 'joinable' });
        expect(signed.data.join_url).toMatch(/^https:\/\//);
        // Again: still one signup.
        await api.training.signUp(live);
        const [rows] = await selectRows<{ count: number | string }>(
          server.database.db,
          sql`select count(*) as count from webinar_signups where webinar_id = ${live}`,
        );
        expect(Number(rows?.count)).toBe(1);
        // Another pharmacy is not signed up and sees no link.
        const norte = await loggedIn(server, DEMO_ACCOUNTS.norte);
        expect((await norte.training.webinar(live)).data).toMatchObject({
          is_signed_up: false,
          join_url: null,
        });

        // A webinar weeks away: signed up, but no link yet.
        const future = await api.training.signUp(later);
        expect(future.data).toMatchObject({ is_signed_up: true, phase: 'upcoming', join_url: null });
        expect(
          (await api.training.webinars()).data.find((webinar) => webinar.id === later)?.is_signed_up,
        ).toBe(true);

        // Once it has ended (moved into the past here): no link, no new signup.
        const [original] = await selectRows<{ starts_at: string }>(
          server.database.db,
          sql`select starts_at::text as starts_at from webinars where id = ${later}`,
        );
        await server.database.db.execute(
          sql`update webinars set starts_at = now() - interval '1 day' where id = ${later}`,
        );
        try {
          const ended = await api.training.webinar(later);
          expect(ended.data).toMatchObject({ phase: 'ended', join_url: null });
          expect((await failure(norte.training.signUp(later))).status).toBe(409);
        } finally {
          await server.database.db.execute(
            sql`update webinars set starts_at = ${original?.starts_at}::timestamptz where id = ${later}`,
          );
        }

        const cancelled = await api.training.cancelSignup(live);
        expect(cancelled.data).toMatchObject({ is_signed_up: false, join_url: null });
        await api.training.cancelSignup(later);
        await api.training.cancelSignup(later);
      });
    });

    describe('the signup e-mail', () => {
      /** A demo account's address and name, and the messages of a kind delivered to it so far. */
      async function account(name: 'limite' | 'norte') {
        const { userId } = (await server.demoIds())[name];
        const [row] = await selectRows<{ name: string; email: string | null }>(
          server.database.db,
          sql`select name, email from users where id = ${userId}`,
        );
        if (!row?.email) throw new Error(`${name} has no e-mail`);
        return { userId, name: row.name, email: row.email };
      }
      const delivered = async (to: string, kind: string) => {
        await outboxSettled(server);
        return server.mail.delivered.filter((message) => message.to === to && message.kind === kind);
      };
      const outboxRows = (to: string) =>
        selectRows<{ kind: string; status: string; attachments: unknown; text_body: string | null }>(
          server.database.db,
          sql`select kind, status, attachments, text_body from outbox where recipient = ${to} order by id`,
        );

      it('confirms a new signup with one e-mail and its invitation; signing up again sends nothing', async () => {
        const { upcoming } = await webinarIds();
        const id = upcoming[2] as number;
        const user = await account('limite');
        const pharmacy = await loggedIn(server, DEMO_ACCOUNTS.limite);
        const { data: webinar } = await pharmacy.training.webinar(id);
        await pharmacy.training.signUp(id);

        const [message, ...more] = await delivered(user.email, 'webinar_signup');
        expect(more).toEqual([]);
        if (!message) throw new Error('no confirmation');
        expect(message.subject).toBe(`Inscripción confirmada: ${webinar.title}`);
        expect(message.html).toContain('<html lang="es">');
        // No PORTAL_URL here: the link follows the origin the request came to (development only).
        expect(message.text).toContain(`${server.url}/formacion/agenda-webinars/${id}`);

        const calendar = calendarOf(message);
        expect(message.attachments[0]?.contentType).toBe('text/calendar; charset=utf-8; method=REQUEST');
        expect(value(calendar, 'METHOD')).toBe('REQUEST');
        expect(value(calendar, 'DTSTART')).toBe(icsDateTime(new Date(webinar.starts_at)));
        expect(value(calendar, 'DTSTART')).toMatch(/^\d{8}T\d{6}Z$/);
        expect(value(calendar, 'DTEND')).toBe(icsDateTime(new Date(webinar.ends_at)));
        expect(value(calendar, 'UID')).toMatch(
          new RegExp(`^webinar-${id}-user-${user.userId}-\\d+@botica\\.example$`),
        );
        expect(value(calendar, 'SEQUENCE')).toBe('0');
        const organizer = senderMailbox(testSettings().mail.from);
        expect(calendarProperty(calendar, 'ORGANIZER')).toMatchObject({
          params: { CN: organizer.name },
          value: `mailto:${organizer.address}`,
        });
        expect(calendarProperty(calendar, 'ATTENDEE')).toMatchObject({
          params: { CN: user.name },
          value: `mailto:${user.email}`,
        });
        // Sent: bodies and attachment gone from the outbox.
        expect(await outboxRows(user.email)).toEqual([
          { kind: 'webinar_signup', status: 'sent', attachments: null, text_body: null },
        ]);

        await pharmacy.training.signUp(id);
        expect(await delivered(user.email, 'webinar_signup')).toHaveLength(1);
        expect(await outboxRows(user.email)).toHaveLength(1);
      });

      it('confirms a cancellation with METHOD:CANCEL, the same UID and a higher SEQUENCE, once', async () => {
        const { upcoming } = await webinarIds();
        const id = upcoming[2] as number;
        const user = await account('limite');
        const pharmacy = await loggedIn(server, DEMO_ACCOUNTS.limite);
        const [invitation] = await delivered(user.email, 'webinar_signup');
        if (!invitation) throw new Error('the signup test runs first');

        expect((await pharmacy.training.cancelSignup(id)).data.is_signed_up).toBe(false);
        const [message, ...more] = await delivered(user.email, 'webinar_cancellation');
        expect(more).toEqual([]);
        if (!message) throw new Error('no cancellation');
        expect(message.subject).toMatch(/^Inscripción cancelada: /);
        const cancel = calendarOf(message);
        const request = calendarOf(invitation);
        expect(message.attachments[0]?.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
        expect(value(cancel, 'METHOD')).toBe('CANCEL');
        expect(value(cancel, 'STATUS')).toBe('CANCELLED');
        expect(value(cancel, 'UID')).toBe(value(request, 'UID'));
        expect(Number(value(cancel, 'SEQUENCE'))).toBeGreaterThan(Number(value(request, 'SEQUENCE')));
        expect(value(cancel, 'DTSTART')).toBe(value(request, 'DTSTART'));

        // Cancelling again changes nothing and sends nothing.
        await pharmacy.training.cancelSignup(id);
        expect(await delivered(user.email, 'webinar_cancellation')).toHaveLength(1);

        // Signing up again is a new event: a new UID, so no calendar ignores it as cancelled.
        await pharmacy.training.signUp(id);
        const confirmations = await delivered(user.email, 'webinar_signup');
        expect(confirmations).toHaveLength(2);
        expect(value(calendarOf(confirmations[1] as MailEnvelope), 'UID')).not.toBe(value(request, 'UID'));
        await pharmacy.training.cancelSignup(id);
      });

      it('stores no signup and sends nothing when its e-mail cannot be written (one transaction)', async () => {
        const { upcoming } = await webinarIds();
        const id = upcoming[3] as number;
        const user = await account('limite');
        const pharmacy = await loggedIn(server, DEMO_ACCOUNTS.limite);
        const db = server.database.db;
        await db.execute(
          sql`create function refuse_mail() returns trigger language plpgsql as $$ begin raise exception 'the outbox refuses'; end $$`,
        );
        await db.execute(
          sql`create trigger refuse_mail before insert on outbox for each row execute function refuse_mail()`,
        );
        try {
          expect((await failure(pharmacy.training.signUp(id))).status).toBe(500);
        } finally {
          await db.execute(sql`drop trigger refuse_mail on outbox`);
          await db.execute(sql`drop function refuse_mail()`);
        }
        const [signups] = await selectRows<{ count: number | string }>(
          db,
          sql`select count(*) as count from webinar_signups where webinar_id = ${id} and user_id = ${user.userId}`,
        );
        expect(Number(signups?.count)).toBe(0);
        expect((await pharmacy.training.webinar(id)).data.is_signed_up).toBe(false);
        const toThisWebinar = (await delivered(user.email, 'webinar_signup')).filter((message) =>
          message.text.includes(`/formacion/agenda-webinars/${id}`),
        );
        expect(toThisWebinar).toEqual([]);
      });

      it('signs up and cancels a user without e-mail with no message and no error', async () => {
        const { upcoming } = await webinarIds();
        const id = upcoming[3] as number;
        const user = await account('norte');
        const db = server.database.db;
        await outboxSettled(server);
        const count = async () =>
          Number(
            (await selectRows<{ count: number | string }>(db, sql`select count(*) as count from outbox`))[0]
              ?.count,
          );
        const before = await count();
        await db.execute(sql`update users set email = null where id = ${user.userId}`);
        try {
          const pharmacy = await loggedIn(server, DEMO_ACCOUNTS.norte);
          expect((await pharmacy.training.signUp(id)).data.is_signed_up).toBe(true);
          expect((await pharmacy.training.cancelSignup(id)).data.is_signed_up).toBe(false);
        } finally {
          await db.execute(sql`update users set email = ${user.email} where id = ${user.userId}`);
        }
        expect(await count()).toBe(before);
      });
    });

    describe('materials', () => {
      it('lists tags with counts and filters by every tag named (bracket arrays)', async () => {
        const { data: tags } = await api.training.materialTags();
        expect(tags.length).toBeGreaterThan(5);
        const all = await api.training.materials({ per_page: 50 });
        expect(all.meta.total).toBeGreaterThanOrEqual(20);
        const [first, second] = [...tags].sort((a, b) => b.material_count - a.material_count) as [
          (typeof tags)[number],
          (typeof tags)[number],
        ];
        const one = await api.training.materials({ tags: [first.id], per_page: 50 });
        expect(one.meta.total).toBe(first.material_count);
        for (const material of one.data) expect(material.tags.map((tag) => tag.id)).toContain(first.id);
        const both = await api.training.materials({ tags: [first.id, second.id], per_page: 50 });
        expect(both.meta.total).toBeLessThanOrEqual(one.meta.total);
        for (const material of both.data) {
          expect(material.tags.map((tag) => tag.id)).toEqual(expect.arrayContaining([first.id, second.id]));
        }
        // A single bracket value and the plain name read the same.
        const session = new InjectSession(server.app);
        await session.login(DEMO_ACCOUNTS.demo);
        const single = await session.request(
          'GET',
          `/api/v1/driver/training/materials?tags[]=${first.id}&per_page=50`,
        );
        expect(single.json().meta.total).toBe(first.material_count);
      });

      it('downloads a real PDF with its type, exact length and name; only for a logged-in client', async () => {
        const { data } = await api.training.materials({ per_page: 1 });
        const material = data[0];
        if (!material) throw new Error('no material');
        const path = new URL(material.file.url, server.url).pathname;
        const session = new InjectSession(server.app);
        expectError(await session.request('GET', path), 401);
        await session.login(DEMO_ACCOUNTS.demo);
        const response = await session.request('GET', path);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('application/pdf');
        expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
        expect(response.rawPayload.length).toBe(material.file.size);
        expect(response.headers['content-disposition']).toBe(
          `attachment; filename="${material.file.name}"; filename*=UTF-8''${encodeURIComponent(material.file.name)}`,
        );
        expect(response.headers['cache-control']).toBe('private, no-store');
        const text = response.rawPayload.toString('latin1');
        expect(text.startsWith('%PDF-')).toBe(true);
        expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
        // Its text reads back whole (pdfText fails on any complaint of poppler's).
        const words = (await pdfText(response.rawPayload, { layout: false })).replace(/\s+/g, ' ');
        expect(words).toContain(material.title);
        expect(words.length).toBeGreaterThan(material.title.length + 400);
      });
    });

    it('newsletters: twelve issues, newest first, each a PDF', async () => {
      const { data, meta } = await api.training.newsletters({ per_page: 50 });
      expect(meta.total).toBe(12);
      const dates = data.map((newsletter) => newsletter.published_at);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(data[0]?.file).toMatchObject({ content_type: 'application/pdf' });
    });

    describe('news', () => {
      it('pages the posts newest first, for anonymous visitors', async () => {
        const anonymous = client(server);
        const first = await anonymous.cms.posts();
        expect(first.meta).toMatchObject({ current_page: 1, per_page: 9, total: 20, last_page: 3 });
        const third = await anonymous.cms.posts({ page: 3 });
        expect(third.data).toHaveLength(2);
        const dates = [...first.data, ...third.data].map((post) => post.published_at);
        expect(dates).toEqual([...dates].sort().reverse());
      });

      it('answers an article with a structured body, and its picture as a locked-down SVG', async () => {
        const { data: post } = await client(server).cms.post(1);
        expect(RichTextSchema.safeParse(post.body).success).toBe(true);
        expect(JSON.stringify(post.body)).not.toMatch(/<[a-z]/i);
        const image = await server.app.inject({
          method: 'GET',
          url: new URL(post.image.url, server.url).pathname,
        });
        expect(image.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
        expect(image.headers['content-security-policy']).toContain("default-src 'none'");
        expect(image.body).not.toMatch(/<script/i);
      });

      it('never sends a body the schema does not describe (raw HTML in the database is a 500, not a page)', async () => {
        await server.database.db.execute(
          sql`update posts set body = ${JSON.stringify([{ type: 'html', html: '<img src=x onerror=alert(1)>' }])}::jsonb where id = 2`,
        );
        const response = await server.app.inject({ method: 'GET', url: '/api/v1/cms/posts/2' });
        expect(response.statusCode).toBe(500);
        expect(response.body).not.toContain('onerror');
      });

      it('hides unpublished and future posts', async () => {
        await server.database.db.execute(sql`update posts set is_published = false where id = 3`);
        await server.database.db.execute(
          sql`update posts set published_at = now() + interval '1 day' where id = 4`,
        );
        for (const id of [3, 4]) expect((await failure(client(server).cms.post(id))).status).toBe(404);
        expect((await client(server).cms.posts({ per_page: 50 })).meta.total).toBe(18);
      });
    });
  });

  describe.skipIf(isUnavailable(engine))(
    `the signup e-mail through a real SMTP server and into an .eml file on ${engine}`,
    () => {
      const PORTAL = 'https://portal.botica.example';
      const from = testSettings().mail.from;
      let server: TestServer;
      let smtp: TestSmtpServer;
      let dir: string;

      beforeAll(async () => {
        smtp = await startSmtpTestServer();
        dir = mkdtempSync(join(tmpdir(), 'botica-webinar-mail-'));
        const smtpOut = smtpTransport(smtp.url, from);
        const emlOut = emlFileTransport(dir, from, () => {});
        // Every message goes both ways: over SMTP, and as the .eml file development writes.
        const both: MailTransport = {
          name: 'smtp+eml',
          async deliver(message) {
            await smtpOut.deliver(message);
            await emlOut.deliver(message);
          },
        };
        server = await startTestServer(engine, {
          postgresUrl: postgresUrl(),
          products: 50,
          settings: { portalUrl: PORTAL },
          mailTransport: both,
        });
      });
      afterAll(async () => {
        await server?.close();
        await smtp?.close();
        if (dir) rmSync(dir, { recursive: true, force: true });
      });

      it('delivers the invitation as a calendar part and a file, clears it from the outbox, cancels it', async () => {
        const [webinar] = await selectRows<{ id: number; starts_at: Date | string }>(
          server.database.db,
          sql`select id, starts_at from webinars where starts_at > now() + interval '1 day' order by starts_at limit 1`,
        );
        if (!webinar) throw new Error('no upcoming webinar');
        const pharmacy = await loggedIn(server, DEMO_ACCOUNTS.demo);
        await pharmacy.training.signUp(webinar.id);
        const [received] = await smtp.waitFor(1);
        if (!received) throw new Error('nothing arrived');
        expect(received.subject).toMatch(/^Inscripción confirmada: /);
        expect(received.text).toContain(`${PORTAL}/formacion/agenda-webinars/${webinar.id}`);
        const { invitation, file } = calendarParts(received);
        expect(invitation?.headers.get('content-type')).toMatchObject({
          value: 'text/calendar',
          params: { method: 'REQUEST' },
        });
        expect(file?.content.toString('utf8')).toBe(invitation?.content.toString('utf8'));
        const calendar = readCalendar(invitation?.content.toString('utf8') ?? '');
        expect(value(calendar, 'METHOD')).toBe('REQUEST');
        expect(value(calendar, 'DTSTART')).toBe(icsDateTime(new Date(webinar.starts_at)));
        expect(value(calendar, 'URL')).toBe(`${PORTAL}/formacion/agenda-webinars/${webinar.id}`);

        await outboxSettled(server);
        const rows = await selectRows<{ status: string; attachments: unknown; html_body: string | null }>(
          server.database.db,
          sql`select status, attachments, html_body from outbox`,
        );
        expect(rows).toEqual([{ status: 'sent', attachments: null, html_body: null }]);

        // The .eml file development writes holds the same calendar part.
        const [eml] = readdirSync(dir).filter((name) => name.endsWith('-webinar_signup.eml'));
        const raw = readFileSync(join(dir, eml as string), 'utf8');
        expect(raw).toContain('Content-Type: text/calendar; charset=utf-8; method=REQUEST');
        const parsed = calendarParts(await simpleParser(raw));
        expect(parsed.invitation?.content.toString('utf8')).toContain(`UID:${value(calendar, 'UID')}`);

        await pharmacy.training.cancelSignup(webinar.id);
        const [, cancelled] = await smtp.waitFor(2);
        const cancel = calendarParts(cancelled as ParsedMail);
        expect(cancel.invitation?.headers.get('content-type')).toMatchObject({
          params: { method: 'CANCEL' },
        });
        const cancelCalendar = readCalendar(cancel.invitation?.content.toString('utf8') ?? '');
        expect(value(cancelCalendar, 'METHOD')).toBe('CANCEL');
        expect(value(cancelCalendar, 'UID')).toBe(value(calendar, 'UID'));
      });
    },
  );
}

trainingSuite(projectEngine());
