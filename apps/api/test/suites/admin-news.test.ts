/**
 * The back office's news on a real database: the staff read every post, the admins alone change them
 * (401, 419, 403 without a word of the data); a body is the structured content of the portal, a link
 * it may not carry refused under its path; an edit made on an old version is a 409 that changes
 * nothing; publishing from a Madrid date schedules a post the portal shows only from then; a picture
 * is checked by its bytes and its size before anything is stored; every change leaves an audit row.
 */
import { madridWallClock } from '@botica/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, postPictures } from '../../src/db/schema.ts';
import { DEMO_ACCOUNTS } from '../../src/demo-data/index.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { expectRefusal, isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

const NEWS = '/api/v1/admin/news';
const PICTURE_LIMIT = 60_000;

const body = (href = 'https://www.aemps.gob.es') => [
  { type: 'heading', level: 2, children: [{ text: 'Qué cambia' }] },
  {
    type: 'paragraph',
    children: [{ text: 'Más en ' }, { text: 'la agencia', href }],
  },
  { type: 'list', style: 'bullet', items: [[{ text: 'Uno', bold: true }], [{ text: 'Dos' }]] },
];

const draft = (title: string) => ({
  title,
  excerpt: 'Cinco fórmulas nuevas.',
  category: 'Laboratorio',
  author: 'Equipo Botica',
  image_alt: 'Hojas de valeriana',
  body: body(),
});

/** Madrid's wall clock `days` from now, as the editor's field gives it. */
function madridLocal(days: number): string {
  return madridWallClock(Date.now() + days * 86_400_000);
}

function adminNewsSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`the back office's news on ${engine}`, () => {
    let server: TestServer;
    let admin: InjectSession;
    let adminId: number;

    beforeAll(async () => {
      server = await startTestServer(engine, {
        postgresUrl: postgresUrl(),
        listen: false,
        products: 50,
        settings: { pictureMaxBytes: PICTURE_LIMIT },
      });
      admin = await loggedIn(DEMO_ACCOUNTS.admin);
      adminId = (await admin.request('GET', '/api/v1/user')).json().id;
    });
    afterAll(async () => {
      await server?.close();
    });

    async function loggedIn(username: string): Promise<InjectSession> {
      const session = new InjectSession(server.app);
      const response = await session.login(username);
      expect(response.statusCode, response.body).toBe(200);
      return session;
    }

    const expectRefused = (response: LightMyRequestResponse, status: number) =>
      expectRefusal(response, status, { hidden: ['Equipo Botica'] });

    async function create(title: string) {
      const response = await admin.request('POST', NEWS, { payload: draft(title) });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as { id: number; version: number; status: string };
    }

    const auditOf = (id: number) =>
      server.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.objectType, 'post'), eq(auditLog.objectId, String(id))))
        .orderBy(asc(auditLog.id));

    const upload = (session: InjectSession, id: number, bytes: Buffer, type = 'image/jpeg', csrf = true) =>
      session.request('PUT', `${NEWS}/${id}/picture?alt=${encodeURIComponent('Un frasco ámbar')}`, {
        csrf,
        payload: bytes,
        headers: { 'content-type': type },
      });

    const picturesOf = async (id: number) =>
      (await server.database.db.select().from(postPictures).where(eq(postPictures.postId, id))).length;

    describe('who may call it', () => {
      it('anonymous → 401 on reading and changing, with nothing of the data', async () => {
        const anonymous = new InjectSession(server.app);
        await anonymous.csrf();
        expectRefused(await anonymous.request('GET', NEWS), 401);
        expectRefused(await anonymous.request('POST', NEWS, { payload: draft('Anónima') }), 401);
      });

      it('a change without the CSRF token → 419, even for an admin', async () => {
        expectRefused(await admin.request('POST', NEWS, { csrf: false, payload: draft('Sin token') }), 419);
        const post = await create('Protegida');
        expectRefused(await upload(admin, post.id, Buffer.from('x'), 'image/jpeg', false), 419);
      });

      it('a pharmacy’s user → 403 on everything; a sales rep reads the list but changes nothing (403)', async () => {
        const post = await create('Solo para el laboratorio');
        const pharmacist = await loggedIn(DEMO_ACCOUNTS.demo);
        expectRefused(await pharmacist.request('GET', NEWS), 403);
        expectRefused(await pharmacist.request('GET', `${NEWS}/${post.id}`), 403);
        const rep = await loggedIn(DEMO_ACCOUNTS.comercial);
        const listed = await rep.request('GET', `${NEWS}?q=${encodeURIComponent('Solo para')}`);
        expect(listed.statusCode, listed.body).toBe(200);
        expect(listed.json().data.map((each: { id: number }) => each.id)).toEqual([post.id]);
        expectRefused(await rep.request('POST', NEWS, { payload: draft('Del comercial') }), 403);
        expectRefused(
          await rep.request('POST', `${NEWS}/${post.id}/publish`, {
            payload: { published_at: madridLocal(0), version: post.version },
          }),
          403,
        );
        expectRefused(await rep.request('DELETE', `${NEWS}/${post.id}`), 403);
        expect((await admin.request('GET', `${NEWS}/${post.id}`)).json().data.status).toBe('draft');
      });
    });

    it('an admin writes a draft and changes it; an edit on an old version is a 409 that changes nothing', async () => {
      const post = await create('Nueva línea de fitoterapia');
      expect(post).toMatchObject({ status: 'draft', version: 1, published_at: null });
      const changed = await admin.request('PUT', `${NEWS}/${post.id}`, {
        payload: { ...draft('Nueva línea de fitoterapia 2027'), version: 1 },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().data).toMatchObject({ title: 'Nueva línea de fitoterapia 2027', version: 2 });

      const stale = await admin.request('PUT', `${NEWS}/${post.id}`, {
        payload: { ...draft('Lo que otro escribió'), version: 1 },
      });
      expect(stale.statusCode, stale.body).toBe(409);
      expect(stale.json().message).toContain('Otra persona ha guardado');
      const now = (await admin.request('GET', `${NEWS}/${post.id}`)).json().data;
      expect(now).toMatchObject({ title: 'Nueva línea de fitoterapia 2027', version: 2 });
      expect(now.body).toEqual(body());

      const rows = await auditOf(post.id);
      expect(rows.map((row) => row.action)).toEqual(['post.created', 'post.updated']);
      expect(rows[1]).toMatchObject({
        userId: adminId,
        before: { title: 'Nueva línea de fitoterapia', version: 1 },
        after: { title: 'Nueva línea de fitoterapia 2027', version: 2 },
      });
    });

    it('a body with a javascript: link, or a field left empty → 422 under its path, in Spanish', async () => {
      const refused = await admin.request('POST', NEWS, {
        payload: { ...draft('Con enlace peligroso'), body: body('javascript:alert(1)') },
      });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().errors).toEqual({
        'body.1.children.1.href': ['La dirección del enlace no está permitida.'],
      });
      const empty = await admin.request('POST', NEWS, { payload: { ...draft('  '), image_alt: '' } });
      expect(empty.statusCode).toBe(422);
      expect(empty.json().errors).toMatchObject({
        title: ['Escribe el título de la noticia.'],
        image_alt: ['Describe la imagen para quien no puede verla.'],
      });
      const listed = await admin.request('GET', `${NEWS}?q=${encodeURIComponent('peligroso')}`);
      expect(listed.json().data).toEqual([]);
    });

    it('publishing now shows a post on the portal; a draft and a scheduled one stay hidden', async () => {
      const published = await create('Publicada hoy');
      const scheduled = await create('Programada para mañana');
      const hidden = await create('Borrador escondido');
      const now = await admin.request('POST', `${NEWS}/${published.id}/publish`, {
        payload: { published_at: madridLocal(-0.01), version: 1 },
      });
      expect(now.statusCode, now.body).toBe(200);
      expect(now.json().data).toMatchObject({ status: 'published', version: 2 });
      const later = await admin.request('POST', `${NEWS}/${scheduled.id}/publish`, {
        payload: { published_at: madridLocal(1), version: 1 },
      });
      expect(later.json().data.status).toBe('scheduled');
      const badDate = await admin.request('POST', `${NEWS}/${hidden.id}/publish`, {
        payload: { published_at: '2026-02-31T10:00', version: 1 },
      });
      expect(badDate.statusCode).toBe(422);
      expect(Object.keys(badDate.json().errors)).toEqual(['published_at']);

      const anonymous = new InjectSession(server.app);
      const titles = (await anonymous.request('GET', '/api/v1/cms/posts?per_page=50'))
        .json()
        .data.map((post: { title: string }) => post.title);
      expect(titles).toContain('Publicada hoy');
      expect(titles).not.toContain('Programada para mañana');
      expect(titles).not.toContain('Borrador escondido');
      const article = await anonymous.request('GET', `/api/v1/cms/posts/${published.id}`);
      expect(article.json().data.body).toEqual(body());
      expect((await anonymous.request('GET', `/api/v1/cms/posts/${scheduled.id}`)).statusCode).toBe(404);
      expect((await anonymous.request('GET', `/api/v1/cms/posts/${hidden.id}`)).statusCode).toBe(404);

      // The drafts first, then the latest publication first (the scheduled one before today's).
      const listed: { id: number; status: string }[] = (await admin.request('GET', NEWS)).json().data;
      const statuses = listed.map((post) => post.status);
      expect(statuses.indexOf('published')).toBeGreaterThan(statuses.lastIndexOf('draft'));
      expect(listed.findIndex((post) => post.id === scheduled.id)).toBeLessThan(
        listed.findIndex((post) => post.id === published.id),
      );
      const scheduledList = (await admin.request('GET', `${NEWS}?status=scheduled`)).json().data;
      expect(scheduledList.map((post: { id: number }) => post.id)).toContain(scheduled.id);

      const back = await admin.request('POST', `${NEWS}/${published.id}/unpublish`, {
        payload: { version: 2 },
      });
      expect(back.json().data.status).toBe('draft');
      expect((await anonymous.request('GET', `/api/v1/cms/posts/${published.id}`)).statusCode).toBe(404);
      expect((await auditOf(published.id)).map((row) => row.action)).toEqual([
        'post.created',
        'post.published',
        'post.unpublished',
      ]);
    });

    it('a picture over the limit → 413 and a renamed non-image → 422 under file, nothing stored', async () => {
      const post = await create('Con foto');
      const big = await upload(admin, post.id, Buffer.alloc(PICTURE_LIMIT + 1, 0xff));
      expect(big.statusCode, big.body).toBe(413);
      expect(big.json()).toEqual({ message: 'Fichero demasiado grande' });
      const pdf = await upload(admin, post.id, Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF'));
      expect(pdf.statusCode, pdf.body).toBe(422);
      expect(Object.keys(pdf.json().errors)).toEqual(['file']);
      expect(await picturesOf(post.id)).toBe(0);
      expect((await auditOf(post.id)).map((row) => row.action)).toEqual(['post.created']);
    });

    it('an uploaded picture replaces the drawing on the portal and in the preview; deleting the post removes it', async () => {
      const post = await create('Con foto de verdad');
      const jpeg = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#3366aa' } })
        .jpeg()
        .withExifMerge({ IFD0: { Model: 'Cámara de prueba' } })
        .toBuffer();
      const uploaded = await upload(admin, post.id, jpeg);
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      expect(uploaded.json().data.image).toMatchObject({ alt: 'Un frasco ámbar', uploaded: true });

      const preview = await admin.request('GET', `${NEWS}/${post.id}/image`);
      expect(preview.statusCode).toBe(200);
      expect(preview.headers['content-type']).toBe('image/webp');
      expect(JSON.stringify(await sharp(preview.rawPayload).metadata())).not.toContain('Cámara');

      const anonymous = new InjectSession(server.app);
      expect((await anonymous.request('GET', `/api/v1/cms/posts/${post.id}/image`)).statusCode).toBe(404);
      await admin.request('POST', `${NEWS}/${post.id}/publish`, {
        payload: { published_at: madridLocal(-0.01), version: 1 },
      });
      const publicImage = await anonymous.request('GET', `/api/v1/cms/posts/${post.id}/image`);
      expect(publicImage.statusCode).toBe(200);
      expect(publicImage.headers['content-type']).toBe('image/webp');
      const again = await anonymous.request('GET', `/api/v1/cms/posts/${post.id}/image`, {
        headers: { 'if-none-match': String(publicImage.headers.etag) },
      });
      expect(again.statusCode).toBe(304);

      const deleted = await admin.request('DELETE', `${NEWS}/${post.id}`);
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect(await picturesOf(post.id)).toBe(0);
      expect((await admin.request('GET', `${NEWS}/${post.id}`)).statusCode).toBe(404);
      const rows = await auditOf(post.id);
      expect(rows.map((row) => row.action)).toEqual([
        'post.created',
        'post.picture_uploaded',
        'post.published',
        'post.deleted',
      ]);
      expect(rows[3]).toMatchObject({ before: { title: 'Con foto de verdad' }, after: null });
    });
  });
}

adminNewsSuite(projectEngine());
