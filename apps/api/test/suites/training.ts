/**
 * Training and news (issue 18) on a real server: the api-client's calls over HTTP and the raw
 * security rules over `app.inject`. Public: the webinar agenda, a webinar, the news and their
 * pictures. Logged in: the history, materials and their tags and files, newsletters, the signup
 * (CSRF, 422 on a body, 409 once ended). Run on PGlite and PostgreSQL (training.*.test.ts).
 */
import { type ApiClient, type ApiError, isApiError } from '@botica/api-client';
import { ErrorBodySchema, RichTextSchema } from '@botica/api-client/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import { DEMO_ACCOUNTS } from '../../src/demo-data/index.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { client, isUnavailable, loggedIn, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('the call was expected to fail');
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

export function trainingSuite(engine: Engine): void {
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
        expect(text.startsWith('%PDF-1.4')).toBe(true);
        expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
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
}
