/**
 * The products' uploaded pictures: added, reordered and deleted through the service, read back over
 * HTTP in the three sizes as WebP with an ETag, while every product without pictures keeps its drawn
 * SVG byte for byte; each change moves the pricing epoch on, so every instance's caches see it.
 */
import type { Product } from '@botica/api-client/schemas';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProductPicture,
  deleteProductPicture,
  reorderProductPictures,
} from '../../src/catalogue/pictures-service.ts';
import type { CoreContext } from '../../src/core-context.ts';
import { selectRows } from '../../src/db/database.ts';
import { DEMO_ACCOUNTS } from '../../src/demo-data/index.ts';
import { HttpError } from '../../src/http/errors.ts';
import { testSettings } from '../../src/settings/settings.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

const SIZES = { thumbnail: 120, miniproduct: 360, full: 1000 } as const;
type Size = keyof typeof SIZES;

const RED = { r: 200, g: 30, b: 30 };
const BLUE = { r: 30, g: 40, b: 210 };

/** A JPEG of one colour, with EXIF (a camera's name) that must not reach the portal. */
function jpeg(colour: typeof RED): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: colour } })
    .jpeg()
    .withExifMerge({ IFD0: { Model: 'Test camera' } })
    .toBuffer();
}

function png(colour: typeof RED): Promise<Buffer> {
  return sharp({ create: { width: 200, height: 300, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

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

function productPicturesSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`product pictures on ${engine}`, () => {
    let server: TestServer;
    let context: CoreContext;
    let demo: InjectSession;
    /** The product given pictures, and one left without. */
    let pictured: number;
    let plain: number;
    const svgBefore = new Map<string, string>();

    const image = (id: number, n: number, size: Size, headers: Record<string, string> = {}) =>
      server.app.inject({ method: 'GET', url: `/api/v1/products/${id}/images/${n}/${size}`, headers });

    const epoch = async () =>
      Number(
        (await selectRows<{ epoch: string }>(context.db, sql`select epoch from pricing_epoch`))[0]?.epoch,
      );

    const imageCount = async (id: number) =>
      (
        await selectRows<{ image_count: number }>(
          context.db,
          sql`select image_count from products where id = ${id}`,
        )
      )[0]?.image_count;

    async function expectPicture(response: LightMyRequestResponse, size: Size, colour: typeof RED) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers.etag).toMatch(/^"[\w-]{20,}"$/);
      expect(response.headers['cache-control']).toContain('public');
      const bytes = response.rawPayload;
      const metadata = await sharp(bytes).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', SIZES[size], SIZES[size]]);
      expect(metadata.exif).toBeUndefined();
      expect(bytes.includes(Buffer.from('Test camera'))).toBe(false);
      expect(near(await centre(bytes), colour), String(await centre(bytes))).toBe(true);
    }

    function expectSvg(response: LightMyRequestResponse): string {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      return response.body;
    }

    beforeAll(async () => {
      server = await startTestServer(engine, { postgresUrl: postgresUrl(), listen: false, products: 50 });
      context = { db: server.database.db, settings: testSettings(), now: () => new Date() };
      const rows = await selectRows<{ id: number }>(
        context.db,
        sql`select id from products where is_active and image_count >= 1 order by id limit 2`,
      );
      pictured = rows[0]?.id ?? 0;
      plain = rows[1]?.id ?? 0;
      expect(plain).toBeGreaterThan(0);
      for (const id of [pictured, plain]) {
        for (const size of Object.keys(SIZES) as Size[]) {
          svgBefore.set(`${id}/${size}`, expectSvg(await image(id, 1, size)));
        }
      }
      demo = new InjectSession(server.app);
      expect((await demo.login(DEMO_ACCOUNTS.demo)).statusCode).toBe(200);
    });
    afterAll(() => server?.close());

    it('adds pictures in one transaction each, with the image count and the pricing epoch', async () => {
      const before = await epoch();
      expect(await addProductPicture(context, pictured, await jpeg(RED))).toEqual({ position: 1, count: 1 });
      const afterOne = await epoch();
      expect(afterOne).toBeGreaterThan(before);
      expect(await addProductPicture(context, pictured, await png(BLUE))).toEqual({ position: 2, count: 2 });
      expect(await epoch()).toBeGreaterThan(afterOne);
      expect(await imageCount(pictured)).toBe(2);
      const stored = await selectRows<{ position: number; size: string; content_type: string }>(
        context.db,
        sql`select position, size, content_type from product_pictures where product_id = ${pictured}
            order by position, size`,
      );
      expect(stored.map((row) => `${row.position}/${row.size}/${row.content_type}`)).toEqual([
        '1/full/image/webp',
        '1/miniproduct/image/webp',
        '1/thumbnail/image/webp',
        '2/full/image/webp',
        '2/miniproduct/image/webp',
        '2/thumbnail/image/webp',
      ]);
    });

    it('serves each stored picture in each size, as WebP without metadata', async () => {
      for (const size of Object.keys(SIZES) as Size[]) {
        await expectPicture(await image(pictured, 1, size), size, RED);
        await expectPicture(await image(pictured, 2, size), size, BLUE);
      }
      // An image number past the pictures is the default image.
      expect(expectSvg(await image(pictured, 3, 'full'))).toContain('Imagen no disponible');
    });

    it('answers 304 without the bytes to a client holding the same version', async () => {
      const first = await image(pictured, 1, 'miniproduct');
      const etag = String(first.headers.etag);
      const again = await image(pictured, 1, 'miniproduct', { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      const other = await image(pictured, 1, 'miniproduct', { 'if-none-match': '"another"' });
      expect(other.statusCode).toBe(200);
      expect(other.rawPayload.equals(first.rawPayload)).toBe(true);
    });

    it('keeps the drawn SVG, byte for byte, for a product without pictures', async () => {
      for (const size of Object.keys(SIZES) as Size[]) {
        expect(expectSvg(await image(plain, 1, size))).toBe(svgBefore.get(`${plain}/${size}`));
      }
    });

    it('lists the pictures on the product page', async () => {
      const response = await demo.request('GET', `/api/v1/products/${pictured}`);
      expect(response.statusCode).toBe(200);
      const product = (JSON.parse(response.body) as { data: Product }).data;
      expect(product.images.map((one) => new URL(one.full, 'http://x').pathname)).toEqual([
        `/api/v1/products/${pictured}/images/1/full`,
        `/api/v1/products/${pictured}/images/2/full`,
      ]);
    });

    it('reorders the pictures: the address of image 1 then serves the other picture', async () => {
      const etag = (await image(pictured, 1, 'full')).headers.etag;
      const before = await epoch();
      await reorderProductPictures(context, pictured, [2, 1]);
      expect(await epoch()).toBeGreaterThan(before);
      const first = await image(pictured, 1, 'full');
      await expectPicture(first, 'full', BLUE);
      expect(first.headers.etag).not.toBe(etag);
      await expectPicture(await image(pictured, 2, 'full'), 'full', RED);

      for (const order of [[1], [1, 1], [1, 3], [2, 1, 3]]) {
        const error = await reorderProductPictures(context, pictured, order).catch(
          (reason: unknown) => reason,
        );
        expect(error).toBeInstanceOf(HttpError);
        expect((error as HttpError).status).toBe(422);
      }
      await expectPicture(await image(pictured, 1, 'thumbnail'), 'thumbnail', BLUE);
    });

    it('refuses a file that is not an image, and an unknown product, storing nothing', async () => {
      const pdf = Buffer.from('%PDF-1.7\n%%EOF\n');
      const refused = await addProductPicture(context, pictured, pdf).catch((reason: unknown) => reason);
      expect(refused).toMatchObject({
        status: 422,
        message: 'El fichero no es una imagen JPEG, PNG, WebP o AVIF.',
      });
      const unknown = await addProductPicture(context, 999_999, await png(RED)).catch(
        (reason: unknown) => reason,
      );
      expect(unknown).toMatchObject({ status: 404 });
      expect(await imageCount(pictured)).toBe(2);
    });

    it('gives a withdrawn product the default image, pictures or not', async () => {
      await context.db.execute(sql`update products set is_active = false where id = ${pictured}`);
      try {
        expect(expectSvg(await image(pictured, 1, 'full'))).toContain('Imagen no disponible');
      } finally {
        await context.db.execute(sql`update products set is_active = true where id = ${pictured}`);
      }
    });

    it('deletes pictures: the next ones move up, and none left is the default image', async () => {
      expect(await deleteProductPicture(context, pictured, 1)).toEqual({ count: 1 });
      await expectPicture(await image(pictured, 1, 'full'), 'full', RED);
      expect(expectSvg(await image(pictured, 2, 'full'))).toContain('Imagen no disponible');
      await expect(deleteProductPicture(context, pictured, 2)).rejects.toMatchObject({ status: 404 });
      expect(await deleteProductPicture(context, pictured, 1)).toEqual({ count: 0 });
      expect(await imageCount(pictured)).toBe(0);
      expect(expectSvg(await image(pictured, 1, 'full'))).toContain('Imagen no disponible');
      expect(
        await selectRows(context.db, sql`select 1 from product_pictures where product_id = ${pictured}`),
      ).toEqual([]);
    });
  });
}

productPicturesSuite(projectEngine());
