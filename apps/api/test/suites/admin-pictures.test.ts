/**
 * The back office's product pictures on a real database: reading a product's pictures is the staff's
 * (a sales rep reads them too), changing them the admins' alone (401, 419, 403 without a word of the
 * data). An upload is stored in the three sizes the portal serves; a file over the limit is 413 with
 * nothing stored, a PDF called .jpg is 422 under `file`; reordering and deleting move the portal's
 * pictures; each change leaves one audit row with the pictures before and after; and the addresses
 * the API gives out carry the picture's version, cached for good while it is current.
 */
import { ADMIN_PICTURE_MESSAGES, type AdminProductPictures } from '@botica/api-client/admin';
import type { Product } from '@botica/api-client/schemas';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_AN_IMAGE } from '../../src/catalogue/pictures.ts';
import { selectRows } from '../../src/db/database.ts';
import { auditLog } from '../../src/db/schema.ts';
import { DEMO_ACCOUNTS } from '../../src/demo-data/index.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { expectRefusal, isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

const SIZES = { thumbnail: 120, miniproduct: 360, full: 1000 } as const;
type Size = keyof typeof SIZES;

/** The pictures' limit for this suite: small, so that a file over it is cheap to send. */
const MAX_BYTES = 200_000;

const RED = { r: 200, g: 30, b: 30 };
const BLUE = { r: 30, g: 40, b: 210 };
const GREEN = { r: 20, g: 170, b: 60 };

function jpeg(colour: typeof RED): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

function png(colour: typeof RED): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 400, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** A small but real PDF, as a user might rename one to .jpg. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** The colour at the centre of a served picture. */
async function centre(bytes: Buffer): Promise<number[]> {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return [...data.subarray(at, at + 3)];
}

function near(actual: number[], colour: typeof RED): boolean {
  return [colour.r, colour.g, colour.b].every(
    (value, index) => Math.abs((actual[index] ?? -99) - value) < 25,
  );
}

/** The path and query of an absolute address the API gave out. */
function local(url: string): string {
  const parsed = new URL(url, 'http://botica.test');
  return `${parsed.pathname}${parsed.search}`;
}

function adminPicturesSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`the back office's product pictures on ${engine}`, () => {
    let server: TestServer;
    let admin: InjectSession;
    let rep: InjectSession;
    let pharmacy: InjectSession;
    let adminId: number;
    /** The product whose pictures this suite changes, and another it leaves alone. */
    let productId: number;
    let otherId: number;

    const base = () => `/api/v1/admin/products/${productId}/pictures`;

    const upload = (session: InjectSession, file: Buffer, type: string, name = 'foto.jpg', csrf = true) =>
      session.request('POST', `${base()}?name=${encodeURIComponent(name)}`, {
        csrf,
        payload: file,
        headers: { 'content-type': type },
      });

    const pictureRows = async (id = productId) =>
      Number(
        (
          await selectRows<{ count: string | number }>(
            server.database.db,
            sql`select count(*) as count from product_pictures where product_id = ${id}`,
          )
        )[0]?.count,
      );

    const auditRows = (id = productId) =>
      server.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.objectType, 'product'), eq(auditLog.objectId, String(id))))
        .orderBy(asc(auditLog.id));

    async function listed(session: InjectSession = admin): Promise<AdminProductPictures> {
      const response = await session.request('GET', base());
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    }

    /** The product page as the pharmacy reads it. */
    async function productPage(): Promise<Product> {
      const response = await pharmacy.request('GET', `/api/v1/products/${productId}`);
      expect(response.statusCode).toBe(200);
      return response.json().data;
    }

    async function expectServed(
      url: string,
      size: Size,
      colour: typeof RED,
    ): Promise<LightMyRequestResponse> {
      const response = await server.app.inject({ method: 'GET', url: local(url) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      const metadata = await sharp(response.rawPayload).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', SIZES[size], SIZES[size]]);
      expect(near(await centre(response.rawPayload), colour), String(await centre(response.rawPayload))).toBe(
        true,
      );
      return response;
    }

    async function loggedIn(username: string): Promise<InjectSession> {
      const session = new InjectSession(server.app);
      expect((await session.login(username)).statusCode).toBe(200);
      return session;
    }

    beforeAll(async () => {
      server = await startTestServer(engine, {
        postgresUrl: postgresUrl(),
        listen: false,
        products: 50,
        settings: { pictureMaxBytes: MAX_BYTES },
      });
      const rows = await selectRows<{ id: number }>(
        server.database.db,
        sql`select id from products where is_active and image_count >= 1 order by id desc limit 2`,
      );
      productId = rows[0]?.id ?? 0;
      otherId = rows[1]?.id ?? 0;
      expect(otherId).toBeGreaterThan(0);
      admin = await loggedIn(DEMO_ACCOUNTS.admin);
      rep = await loggedIn(DEMO_ACCOUNTS.comercial);
      pharmacy = await loggedIn(DEMO_ACCOUNTS.demo);
      adminId = (await admin.request('GET', '/api/v1/user')).json().id;
    });
    afterAll(() => server?.close());

    describe('who may call it', () => {
      let file: Buffer;
      beforeAll(async () => {
        file = await jpeg(RED);
      });

      const changes = () => [
        (session: InjectSession, csrf = true) => upload(session, file, 'image/jpeg', 'foto.jpg', csrf),
        (session: InjectSession, csrf = true) =>
          session.request('PUT', `${base()}/order`, { csrf, payload: { order: [1] } }),
        (session: InjectSession, csrf = true) => session.request('DELETE', `${base()}/1`, { csrf }),
      ];

      it('anonymous → 401 on every endpoint', async () => {
        const anonymous = new InjectSession(server.app);
        await anonymous.csrf();
        expectRefusal(await anonymous.request('GET', base()), 401);
        for (const change of changes()) expectRefusal(await change(anonymous), 401);
      });

      it('a change without the CSRF token → 419, even for an admin', async () => {
        for (const change of changes()) expectRefusal(await change(admin, false), 419);
      });

      it("a pharmacy's user → 403 on every endpoint", async () => {
        expectRefusal(await pharmacy.request('GET', base()), 403);
        for (const change of changes()) expectRefusal(await change(pharmacy), 403);
      });

      it('a sales rep reads the pictures but → 403 on every change', async () => {
        const read = await listed(rep);
        expect(read.product.id).toBe(productId);
        for (const change of changes()) expectRefusal(await change(rep), 403);
        expect(await pictureRows()).toBe(0);
        expect(await auditRows()).toEqual([]);
      });

      it('an unknown product → 404', async () => {
        expectRefusal(await admin.request('GET', '/api/v1/admin/products/999999/pictures'), 404);
        expectRefusal(await admin.request('GET', '/api/v1/admin/products/abc/pictures'), 404);
        const elsewhere = await admin.request('POST', '/api/v1/admin/products/999999/pictures', {
          payload: file,
          headers: { 'content-type': 'image/jpeg' },
        });
        expectRefusal(elsewhere, 404);
        expectRefusal(await admin.request('DELETE', `${base()}/1`), 404);
        expect(await pictureRows()).toBe(0);
      });
    });

    describe('the changes', () => {
      /** The version the product's first picture had before the last change. */
      let firstVersion: string;

      it('a product without pictures lists none, with the limits', async () => {
        const read = await listed();
        expect(read.pictures).toEqual([]);
        expect(read.max_bytes).toBe(MAX_BYTES);
        expect(read.max_pictures).toBe(20);
        expect(read.product.name.length).toBeGreaterThan(0);
      });

      it('an upload → 201, stored in three sizes the portal serves at its versioned addresses', async () => {
        const response = await upload(admin, await jpeg(RED), 'image/jpeg', 'frasco rojo.jpg');
        expect(response.statusCode, response.body).toBe(201);
        const data: AdminProductPictures = response.json().data;
        expect(data.pictures.map((picture) => picture.position)).toEqual([1]);
        const [picture] = data.pictures;
        if (!picture) throw new Error('no picture');
        expect(picture.version).toMatch(/^[\w-]{16}$/);
        expect(picture.bytes.full).toBeGreaterThan(picture.bytes.thumbnail);
        for (const size of Object.keys(SIZES) as Size[]) {
          expect(picture.image[size]).toContain(
            `/api/v1/products/${productId}/images/1/${size}?v=${picture.version}`,
          );
          const served = await expectServed(picture.image[size], size, RED);
          expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        }
        // Without its version (an address given out before versions), the short cache.
        const unversioned = await server.app.inject({
          method: 'GET',
          url: `/api/v1/products/${productId}/images/1/full`,
        });
        expect(unversioned.headers['cache-control']).toBe(
          'public, max-age=300, stale-while-revalidate=86400',
        );
        // The pharmacy's product page and its catalogue card carry the same addresses.
        expect((await productPage()).images[0]?.full).toBe(picture.image.full);
        expect(await pictureRows()).toBe(3);
        firstVersion = picture.version;
      });

      it('a file over the limit → 413 with nothing stored', async () => {
        const rowsBefore = await pictureRows();
        const auditBefore = (await auditRows()).length;
        const big = Buffer.concat([await jpeg(BLUE), Buffer.alloc(MAX_BYTES)]);
        const response = await upload(admin, big, 'image/jpeg');
        expect([response.statusCode, response.json()]).toEqual([
          413,
          { message: 'Fichero demasiado grande' },
        ]);
        expect(await pictureRows()).toBe(rowsBefore);
        expect((await auditRows()).length).toBe(auditBefore);
      });

      it('a PDF called .jpg and sent as image/jpeg → 422 under `file`, nothing stored', async () => {
        const rowsBefore = await pictureRows();
        const response = await upload(admin, PDF, 'image/jpeg', 'ficha.jpg');
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual({ message: NOT_AN_IMAGE, errors: { file: [NOT_AN_IMAGE] } });
        const empty = await upload(admin, Buffer.alloc(0), 'image/png');
        expect(empty.statusCode).toBe(422);
        expect(await pictureRows()).toBe(rowsBefore);
      });

      it('a second upload goes after the first; reordering swaps what the portal shows first', async () => {
        const second = await upload(admin, await png(BLUE), 'image/png', 'frasco azul.png');
        expect(second.statusCode).toBe(201);
        const before: AdminProductPictures = second.json().data;
        expect(before.pictures.map((picture) => picture.position)).toEqual([1, 2]);
        const [red, blue] = before.pictures;

        const response = await admin.request('PUT', `${base()}/order`, { payload: { order: [2, 1] } });
        expect(response.statusCode, response.body).toBe(200);
        const after: AdminProductPictures = response.json().data;
        expect(after.pictures.map((picture) => picture.version)).toEqual([blue?.version, red?.version]);
        await expectServed(after.pictures[0]?.image.full ?? '', 'full', BLUE);
        await expectServed(after.pictures[1]?.image.miniproduct ?? '', 'miniproduct', RED);
        // The first picture's addresses changed with it, everywhere the pharmacy reads them.
        const page = await productPage();
        expect(page.image.full).toBe(after.pictures[0]?.image.full);
        expect(page.image.full).not.toContain(firstVersion);
        // An old address still answers (the current picture), but only for a few minutes.
        const stale = await server.app.inject({
          method: 'GET',
          url: `/api/v1/products/${productId}/images/1/full?v=${firstVersion}`,
        });
        expect(stale.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=86400');
      });

      it('an order that does not name each picture once → 422 under `order`, in Spanish', async () => {
        for (const order of [[1], [1, 1], [1, 3], [0, 1], []]) {
          const response = await admin.request('PUT', `${base()}/order`, { payload: { order } });
          expect(response.statusCode, JSON.stringify(order)).toBe(422);
          // Under `order`, or under the item that is wrong (`order.0`).
          const errors = Object.entries(response.json().errors as Record<string, string[]>);
          expect(errors.length, response.body).toBeGreaterThan(0);
          for (const [key, messages] of errors) {
            expect(key).toMatch(/^order(\.\d+)?$/);
            expect(messages).toContain(ADMIN_PICTURE_MESSAGES.orderInvalid);
          }
        }
        const notJson = await admin.request('PUT', `${base()}/order`, { payload: { order: 'primero' } });
        expect(notJson.statusCode).toBe(422);
      });

      it('deleting one moves the next up; an unknown position → 404; another version → 409', async () => {
        const before = await listed();
        // A page opened before another admin's change names the picture that was there: nothing goes.
        const stale = await admin.request('DELETE', `${base()}/1?version=${before.pictures[1]?.version}`);
        expectRefusal(stale, 409);
        expect(stale.json().message).toBe(ADMIN_PICTURE_MESSAGES.changed);
        expect((await listed()).pictures).toEqual(before.pictures);
        const response = await admin.request('DELETE', `${base()}/1?version=${before.pictures[0]?.version}`);
        expect(response.statusCode, response.body).toBe(200);
        const after: AdminProductPictures = response.json().data;
        expect(after.pictures.map((picture) => picture.version)).toEqual([before.pictures[1]?.version]);
        await expectServed(after.pictures[0]?.image.thumbnail ?? '', 'thumbnail', RED);
        expectRefusal(await admin.request('DELETE', `${base()}/2`), 404);
        expect(await pictureRows()).toBe(3);
      });

      it('a new picture in the same place gets a new address', async () => {
        const before = (await productPage()).image.full;
        await admin.request('DELETE', `${base()}/1`);
        expect((await upload(admin, await jpeg(GREEN), 'image/jpeg')).statusCode).toBe(201);
        const after = (await productPage()).image.full;
        expect(local(after).split('?')[0]).toBe(local(before).split('?')[0]);
        expect(after).not.toBe(before);
        await expectServed(after, 'full', GREEN);
        // The catalogue's listing and the search box give out the same address as the product page.
        const { reference } = (await listed()).product;
        const listing = await pharmacy.request('POST', '/api/v1/products/search', {
          payload: { text: reference },
        });
        expect(listing.statusCode).toBe(200);
        const card = (listing.json().data as { id: number; image: { full: string } }[]).find(
          (product) => product.id === productId,
        );
        expect(card?.image.full).toBe(after);
        const search = await pharmacy.request('POST', '/api/v1/search', { payload: { query: reference } });
        expect(search.statusCode, search.body).toBe(200);
        const hit = (
          search.json().hits as { id: number; image: { miniproduct: string } }[] | undefined
        )?.find((one) => one.id === productId);
        expect(hit?.image.miniproduct).toBe(after.replace('/full?', '/miniproduct?'));
      });

      it('records every change with the admin, the pictures before and after', async () => {
        const rows = await auditRows();
        expect(rows.map((row) => row.action)).toEqual([
          'product.picture_added',
          'product.picture_added',
          'product.pictures_reordered',
          'product.picture_deleted',
          'product.picture_deleted',
          'product.picture_added',
        ]);
        expect(rows.every((row) => row.userId === adminId && row.username === DEMO_ACCOUNTS.admin)).toBe(
          true,
        );
        const [added, second, reordered, deleted] = rows;
        expect(added?.before).toEqual({ pictures: [] });
        expect(added?.after).toMatchObject({
          pictures: [firstVersion],
          file: { name: 'frasco rojo.jpg', type: 'jpeg' },
        });
        const [a, b] = (second?.after as { pictures: string[] } | undefined)?.pictures ?? [];
        expect(a).toBe(firstVersion);
        expect(reordered?.before).toEqual({ pictures: [a, b] });
        expect(reordered?.after).toEqual({ pictures: [b, a] });
        expect(deleted?.before).toEqual({ pictures: [b, a] });
        expect(deleted?.after).toEqual({ pictures: [a], deleted: 1 });
        // The product left alone has no pictures and no rows.
        expect(await pictureRows(otherId)).toBe(0);
        expect(await auditRows(otherId)).toEqual([]);
      });
    });
  });
}

adminPicturesSuite(projectEngine());
