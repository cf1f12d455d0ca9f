/**
 * The product page's reads on a real server, each one statement after the session read: the product
 * (its client's price, categories, tags and picture versions) and its volume table. Their answers are
 * the ones the several statements they replaced gave, byte for byte: the reference below still reads
 * them that way (the client's discount group, then the product, its categories, its tags and its
 * pictures; the group, the product and its tiers). Run on PGlite and PostgreSQL.
 */
import type { Product } from '@botica/api-client/schemas';
import { centsToEuros } from '@botica/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDetail } from '../../src/catalogue/catalogue-service.ts';
import type { CoreContext } from '../../src/core-context.ts';
import { selectRows } from '../../src/db/database.ts';
import { DEMO_ACCOUNTS } from '../../src/demo-data/index.ts';
import {
  clientConditions,
  PRICED_COLUMNS,
  type PricedProductRow,
  pricedProducts,
  productImage,
  productSummary,
  unitCentsFor,
  type VolumeTierRow,
  volumeTierTable,
} from '../../src/pricing/pricing-service.ts';
import { testSettings } from '../../src/settings/settings.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { statementCounter, workStatements } from '../statement-counter.ts';
import { projectEngine } from './engine.ts';

/** The product page as it was read before: one statement for each part. */
async function referenceDetail(
  context: CoreContext,
  clientId: number,
  productId: number,
): Promise<Product | null> {
  const publicUrl = context.settings.publicUrl;
  const conditions = await clientConditions(context, clientId);
  const [row] = await selectRows<PricedProductRow & { description: string }>(
    context.db,
    sql`select ${PRICED_COLUMNS}, p.description from ${pricedProducts(conditions.discountGroupId)}
          where p.id = ${productId} and p.is_active`,
  );
  if (!row) return null;
  const categories = await selectRows<{ id: number; name: string; parent_id: number | null }>(
    context.db,
    sql`select c.id, c.name, c.parent_id from product_categories pc join categories c on c.id = pc.category_id
          where pc.product_id = ${productId} order by c.parent_id nulls first, c.position, c.name`,
  );
  const tags = await selectRows<{ id: number; name: string }>(
    context.db,
    sql`select t.id, t.name from product_tags pt join tags t on t.id = pt.tag_id
          where pt.product_id = ${productId} order by t.name`,
  );
  const pictures = await selectRows<{ position: number; digest: string }>(
    context.db,
    sql`select position, digest from product_pictures where product_id = ${productId} and size = 'full'
          order by position`,
  );
  const versions = new Map(pictures.map((picture) => [picture.position, picture.digest.slice(0, 16)]));
  return {
    ...productSummary(row, publicUrl),
    description: row.description,
    images: Array.from({ length: Math.max(1, row.image_count) }, (_, index) =>
      productImage(publicUrl, row.id, row.image_count, index + 1, versions.get(index + 1)),
    ),
    categories,
    tags,
  };
}

/** The volume table as it was read before: the group, the product, then its tiers. */
async function referenceTiers(
  context: CoreContext,
  clientId: number,
  productId: number,
): Promise<VolumeTierRow[] | null> {
  const conditions = await clientConditions(context, clientId);
  const [row] = await selectRows<PricedProductRow>(
    context.db,
    sql`select ${PRICED_COLUMNS} from ${pricedProducts(conditions.discountGroupId)}
        where p.id = ${productId} and p.is_active`,
  );
  if (!row) return null;
  const tiers = (
    await selectRows<{ min_quantity: number; discount_percent: string }>(
      context.db,
      sql`select min_quantity, discount_percent from volume_rules where product_id = ${productId}
            order by min_quantity`,
    )
  ).map((tier) => ({ minQuantity: tier.min_quantity, discountPercent: Number(tier.discount_percent) }));
  return tiers.map((tier, index) => {
    const next = tiers[index + 1];
    return {
      min_quantity: tier.minQuantity,
      max_quantity: next ? next.minQuantity - 1 : null,
      discount_percent: tier.discountPercent,
      unit_price: centsToEuros(unitCentsFor(row, tiers, tier.minQuantity)),
    };
  });
}

/** The production maintenance cache, so a request's statements are its own. */
const SETTINGS = { maintenanceCheckMs: 60_000, pruneIntervalSeconds: 0 };

function productPageSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`the product page's reads on ${engine}`, () => {
    let server: TestServer;
    let context: CoreContext;
    let clientId: number;
    let pharmacist: InjectSession;
    let counter: { take(): string[] };
    /** Products covering what the page shows: a special price, pictures, tiers, nothing at all. */
    const products = { special: 0, pictured: 0, tiered: 0, bare: 0, withdrawn: 0 };

    const ids = (query: ReturnType<typeof sql>) =>
      selectRows<{ id: number }>(server.database.db, query).then((rows) => rows.map((row) => row.id));

    beforeAll(async () => {
      server = await startTestServer(engine, {
        postgresUrl: postgresUrl(),
        listen: false,
        products: 60,
        settings: SETTINGS,
      });
      const db = server.database.db;
      context = { db, settings: testSettings(), now: () => new Date() };
      clientId = (await server.demoIds()).demo.clientId;
      const [special] = await ids(
        sql`select sp.product_id as id from special_prices sp join clients c on c.discount_group_id = sp.discount_group_id
              join products p on p.id = sp.product_id
            where c.id = ${clientId} and p.is_active order by sp.product_id limit 1`,
      );
      const [tiered] = await ids(
        sql`select v.product_id as id from volume_rules v join products p on p.id = v.product_id
            where p.is_active group by v.product_id having count(*) >= 2 order by count(*) desc, v.product_id limit 1`,
      );
      const others = await ids(
        sql`select id from products where is_active and id not in (${special ?? 0}, ${tiered ?? 0}) order by id limit 3`,
      );
      const [pictured, bare, withdrawn] = others;
      if (!special || !tiered || !pictured || !bare || !withdrawn)
        throw new Error('the demo data lacks products');
      Object.assign(products, { special, tiered, pictured, bare, withdrawn });

      // Two uploaded pictures, a few tags and categories on one product; none of anything on another.
      await db.execute(sql`update products set image_count = 2 where id = ${pictured}`);
      for (const position of [1, 2]) {
        await db.execute(sql`insert into product_pictures (product_id, position, size, bytes, content_type, width, height, digest)
          values (${pictured}, ${position}, 'full', '\\x00'::bytea, 'image/webp', 8, 8, ${`${position}f0e1d2c3b4a5968778695a4b3c2d1e0`})`);
      }
      await db.execute(sql`insert into product_tags (product_id, tag_id)
          select ${pictured}, id from tags order by id limit 3 on conflict do nothing`);
      await db.execute(sql`insert into product_categories (product_id, category_id)
          select ${pictured}, id from categories order by id desc limit 2 on conflict do nothing`);
      await db.execute(sql`update products set image_count = 0 where id = ${bare}`);
      await db.execute(sql`delete from product_tags where product_id = ${bare}`);
      await db.execute(sql`delete from product_categories where product_id = ${bare}`);
      await db.execute(sql`update products set is_active = false where id = ${withdrawn}`);

      pharmacist = new InjectSession(server.app);
      expect((await pharmacist.login(DEMO_ACCOUNTS.demo)).statusCode).toBe(200);
      counter = statementCounter(db);
    });
    afterAll(() => server?.close());

    it('the data set has what the page shows: a special price, tags, categories, pictures, tiers', async () => {
      const special = await referenceDetail(context, clientId, products.special);
      expect(special?.final_price).not.toBeNull();
      const pictured = await referenceDetail(context, clientId, products.pictured);
      expect(pictured?.tags.length).toBeGreaterThanOrEqual(2);
      expect(pictured?.categories.length).toBeGreaterThanOrEqual(2);
      expect(pictured?.images.map((image) => image.full)).toEqual([
        expect.stringMatching(/\/images\/1\/full\?v=1f0e1d2c3b4a5968$/),
        expect.stringMatching(/\/images\/2\/full\?v=2f0e1d2c3b4a5968$/),
      ]);
      expect((await referenceTiers(context, clientId, products.tiered))?.length).toBeGreaterThanOrEqual(2);
    });

    it('gives the product as the several statements did, byte for byte, for every kind of product', async () => {
      const clients = [clientId, (await server.demoIds()).norte.clientId];
      const active = await ids(sql`select id from products where is_active order by id`);
      for (const client of clients) {
        for (const productId of active) {
          const expected = await referenceDetail(context, client, productId);
          const answer = await productDetail(context, { clientId: client, productId });
          expect(JSON.stringify(answer), `product ${productId}, client ${client}`).toBe(
            JSON.stringify(expected),
          );
        }
      }
    });

    it('reads a product in one statement after the session read, and refuses withdrawn or unknown ones in one', async () => {
      for (const productId of [products.special, products.pictured, products.bare]) {
        counter.take();
        const response = await pharmacist.request('GET', `/api/v1/products/${productId}`);
        const sent = workStatements(counter.take());
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual({ data: await referenceDetail(context, clientId, productId) });
        expect(sent, sent.join('\n---\n')).toHaveLength(1);
        expect(sent[0]).toContain('product_categories');
      }
      for (const productId of [products.withdrawn, 987_654]) {
        counter.take();
        const response = await pharmacist.request('GET', `/api/v1/products/${productId}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: 'El producto no existe.' });
        expect(workStatements(counter.take())).toHaveLength(1);
      }
    });

    it('gives the volume table as the several statements did, in one statement', async () => {
      const norte = (await server.demoIds()).norte.clientId;
      const tiered = await ids(sql`select distinct product_id as id from volume_rules order by 1`);
      for (const client of [clientId, norte]) {
        for (const productId of [...tiered, products.bare]) {
          const expected = await referenceTiers(context, client, productId);
          if (expected === null) continue;
          const answer = await volumeTierTable(context, { clientId: client, productId });
          expect(JSON.stringify(answer), `product ${productId}, client ${client}`).toBe(
            JSON.stringify(expected),
          );
        }
      }
      counter.take();
      const response = await pharmacist.request('GET', `/api/v1/products/${products.tiered}/table-cartrules`);
      const sent = workStatements(counter.take());
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ data: await referenceTiers(context, clientId, products.tiered) });
      expect(sent, sent.join('\n---\n')).toHaveLength(1);
      counter.take();
      const refused = await pharmacist.request(
        'GET',
        `/api/v1/products/${products.withdrawn}/table-cartrules`,
      );
      expect(refused.statusCode).toBe(404);
      expect(workStatements(counter.take())).toHaveLength(1);
    });
  });
}

productPageSuite(projectEngine());
