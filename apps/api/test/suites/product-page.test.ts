/**
 * The product page's reads on a real server, each in as few statements after the session read as
 * it can: the product (its client's price, categories, tags and picture versions) and its volume
 * table in one; its substitutes in one (two for the default ones); its linked training in three (the
 * product's tags, then its webinars and its materials, each material with its tags). Their answers
 * are the ones the several statements they replaced gave, byte for byte (the training's, each
 * material's tags): the references below still read them that way. Run on PGlite and PostgreSQL.
 */
import type { Product, ProductSummary } from '@botica/api-client/schemas';
import {
  centsToEuros,
  defaultSubstitutes,
  isOfferable,
  SUBSTITUTES_SHOWN,
  stockStateOf,
} from '@botica/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDetail } from '../../src/catalogue/catalogue-service.ts';
import type { CoreContext } from '../../src/core-context.ts';
import { selectRows } from '../../src/db/database.ts';
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
import { productSubstitutesFor } from '../../src/substitutes/substitutes-service.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import type { TestServer } from '../../src/testing/test-server.ts';
import { productTrainingFor } from '../../src/training/product-training-service.ts';
import { isUnavailable, startCountedReadServer } from '../helpers.ts';
import type { InjectSession } from '../session.ts';
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

/** The health-problem categories (under id 2), as the substitutes read them. */
const HEALTH = sql`(with recursive tree(id) as (
    select id from categories where parent_id = 2
    union all select c.id from categories c join tree t on c.parent_id = t.id
  ) select id from tree)`;

interface CandidateRow {
  id: number;
  name: string;
  format: string;
  price_cents: number;
  stock_units: number;
  is_active: boolean;
  health: number[] | null;
}

const CANDIDATE = sql`p.id, p.name, p.format, p.price_cents, p.stock_units, p.is_active,
  (select array_agg(pc.category_id) from product_categories pc where pc.product_id = p.id and pc.category_id in ${HEALTH}) as health`;

const candidate = (row: CandidateRow) => ({
  id: row.id,
  name: row.name,
  format: row.format,
  priceCents: row.price_cents,
  stockUnits: row.stock_units,
  isActive: row.is_active,
  healthCategoryIds: (row.health ?? []).map(Number),
});

/**
 * A product's substitutes as they were read before: the product, its chosen ones, the default
 * candidates, the client's group, then the offered ones' prices.
 */
async function referenceSubstitutes(
  context: CoreContext,
  clientId: number,
  productId: number,
): Promise<ProductSummary[] | null> {
  const [product] = await selectRows<CandidateRow>(
    context.db,
    sql`select ${CANDIDATE} from products p where p.id = ${productId} and p.is_active`,
  );
  if (!product) return null;
  if (stockStateOf(product.stock_units) !== 'out_of_stock') return [];
  const chosen = await selectRows<{ id: number; is_active: boolean; stock_units: number }>(
    context.db,
    sql`select p.id, p.is_active, p.stock_units from product_substitutes s join products p on p.id = s.substitute_id
          where s.product_id = ${productId} order by s.position`,
  );
  const offerable = chosen
    .filter((row) => isOfferable({ isActive: row.is_active, stockUnits: row.stock_units }))
    .map((row) => row.id)
    .slice(0, SUBSTITUTES_SHOWN);
  let ids = offerable;
  if (ids.length === 0) {
    const candidates = await selectRows<CandidateRow>(
      context.db,
      sql`select ${CANDIDATE} from products p
            where p.is_active and p.stock_units > 0 and p.id <> ${productId} and exists (
              select 1 from product_categories pc join product_categories own
                on own.category_id = pc.category_id and own.product_id = ${productId}
              where pc.product_id = p.id and pc.category_id in ${HEALTH})`,
    );
    ids = defaultSubstitutes(candidate(product), candidates.map(candidate)).map((row) => row.id);
  }
  if (ids.length === 0) return [];
  const conditions = await clientConditions(context, clientId);
  const rows = await selectRows<PricedProductRow>(
    context.db,
    sql`select ${PRICED_COLUMNS} from ${pricedProducts(conditions.discountGroupId)}
          where p.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
  );
  return ids.flatMap((id) => {
    const row = rows.find((found) => found.id === id);
    return row ? [productSummary(row, context.settings.publicUrl)] : [];
  });
}

function productPageSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`the product page's reads on ${engine}`, () => {
    let server: TestServer;
    let context: CoreContext;
    let clientId: number;
    let pharmacist: InjectSession;
    let counter: { take(): string[] };
    let ids: (query: ReturnType<typeof sql>) => Promise<number[]>;
    /** Products covering what the page shows: a special price, pictures, tiers, nothing at all. */
    const products = { special: 0, pictured: 0, tiered: 0, bare: 0, withdrawn: 0 };

    beforeAll(async () => {
      const started = await startCountedReadServer(engine);
      ({ server, context, clientId, pharmacist, ids } = started);
      const { special, tiered } = started;
      const db = server.database.db;
      const others = await ids(
        sql`select id from products where is_active and id not in (${special}, ${tiered}) order by id limit 3`,
      );
      const [pictured, bare, withdrawn] = others;
      if (!pictured || !bare || !withdrawn) throw new Error('the demo data lacks products');
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

    it('gives the substitutes as the several statements did: one statement, two for the default ones', async () => {
      const db = server.database.db;
      const norte = (await server.demoIds()).norte.clientId;
      // Sold out: a third of the active products; a few of those with chosen substitutes, one of
      // them sold out too (skipped), and one whose chosen ones are all sold out (the default ones).
      const soldOut = await ids(
        sql`select id from products where is_active and id % 3 = 0 and id <> ${products.special} order by id`,
      );
      await db.execute(
        sql`update products set stock_units = 0 where id in (${sql.join(
          soldOut.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      const inStock = await ids(sql`select id from products where is_active and stock_units > 0 order by id`);
      const [withChosen, allSoldOut] = soldOut;
      if (!withChosen || !allSoldOut || inStock.length < 3) throw new Error('the demo data lacks products');
      const chosen = [soldOut[2] ?? 0, products.special, ...inStock.slice(0, 3)];
      for (const [position, id] of chosen.entries()) {
        await db.execute(sql`insert into product_substitutes (product_id, substitute_id, position)
            values (${withChosen}, ${id}, ${position})`);
      }
      await db.execute(sql`insert into product_substitutes (product_id, substitute_id, position)
          values (${allSoldOut}, ${soldOut[3] ?? 0}, 0)`);

      const every = await ids(sql`select id from products order by id`);
      let defaults = 0;
      for (const client of [clientId, norte]) {
        for (const productId of [...every, 987_654]) {
          const expected = await referenceSubstitutes(context, client, productId);
          if (expected === null) {
            await expect(
              productSubstitutesFor(context, { clientId: client, productId }),
            ).rejects.toMatchObject({
              status: 404,
            });
            continue;
          }
          if (soldOut.includes(productId) && productId !== withChosen && expected.length > 0) defaults += 1;
          const answer = await productSubstitutesFor(context, { clientId: client, productId });
          expect(JSON.stringify(answer), `product ${productId}, client ${client}`).toBe(
            JSON.stringify(expected),
          );
        }
      }
      expect(defaults).toBeGreaterThan(0);

      const statements = async (productId: number) => {
        counter.take();
        const response = await pharmacist.request('GET', `/api/v1/products/${productId}/substitutes`);
        const sent = workStatements(counter.take());
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual({ data: await referenceSubstitutes(context, clientId, productId) });
        return sent.length;
      };
      expect(await statements(inStock[0] ?? 0)).toBe(1);
      expect(await statements(withChosen)).toBe(1);
      expect(await statements(allSoldOut)).toBe(2);
    });

    it("gives a product's training with each material's tags as their own statement did, in three statements", async () => {
      const every = await ids(sql`select id from products where is_active order by id`);
      let tagged = 0;
      for (const productId of every) {
        const training = await productTrainingFor(context, productId);
        for (const material of training.materials) {
          const tags = await selectRows<{ id: number; name: string; slug: string }>(
            context.db,
            sql`select t.id, t.name, t.slug from material_tag_links l join material_tags t on t.id = l.tag_id
                where l.material_id = ${material.id} order by t.name, t.id`,
          );
          expect(JSON.stringify(material.tags), `material ${material.id}`).toBe(JSON.stringify(tags));
          if (tags.length > 0) tagged += 1;
        }
      }
      expect(tagged).toBeGreaterThan(0);

      // A product the laboratory linked a webinar and a material to: its tags, then each list, at once.
      const [linked] = await ids(
        sql`select p.id from products p where p.is_active
              and exists (select 1 from webinar_products wp where wp.product_id = p.id)
              and exists (select 1 from material_products mp join materials m on m.id = mp.material_id
                          where mp.product_id = p.id and m.file_id is not null)
            order by p.id limit 1`,
      );
      if (!linked) throw new Error('the demo data links no product to training');
      counter.take();
      const response = await pharmacist.request('GET', `/api/v1/products/${linked}/training`);
      const sent = workStatements(counter.take());
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.materials.length).toBeGreaterThan(0);
      expect(sent, sent.join('\n---\n')).toHaveLength(3);
    });
  });
}

productPageSuite(projectEngine());
