/**
 * The catalogue index (src/search/catalogue-index.ts) against the database: the listing's totals,
 * pages, sorts and facet counts, and the categories' counts, equal SQL's for seeded random filters on
 * the demo catalogue, and on PostgreSQL also on one of 20,000 products; and on PostgreSQL, a change made through one instance is what another answers
 * within a second.
 */
import type { AdminProduct } from '@botica/api-client/admin';
import type { Category, ProductSearchRequest, ProductSearchResponse } from '@botica/api-client/schemas';
import { eurosToCents } from '@botica/domain';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import { DEMO_ACCOUNTS } from '../../src/demo-data/index.ts';
import {
  PRICED_COLUMNS,
  type PricedProductRow,
  pricedProductsOfClient,
  productSummary,
} from '../../src/pricing/pricing-service.ts';
import { anyMatch, cleanQuery, textMatch } from '../../src/search/text-match.ts';
import { testSettings } from '../../src/settings/settings.ts';
import { random } from '../../src/testing/seeded-random.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

function pick<T>(next: () => number, items: readonly T[], most: number): T[] {
  const count = Math.floor(next() * (most + 1));
  const chosen = new Set<T>();
  for (let index = 0; index < count && items.length > 0; index += 1) {
    const item = items[Math.floor(next() * items.length)];
    if (item !== undefined) chosen.add(item);
  }
  return [...chosen];
}

const ids = (values: readonly number[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** Each category with its descendants, from every category's parent. */
function descendants(parentOf: Map<number, number | null>): Map<number, number[]> {
  const under = new Map<number, number[]>();
  for (const id of parentOf.keys()) {
    const seen = new Set<number>();
    for (let at: number | null | undefined = id; at != null && !seen.has(at); at = parentOf.get(at)) {
      seen.add(at);
      under.set(at, [...(under.get(at) ?? []), id]);
    }
  }
  return under;
}

const SQL_ORDER: Record<string, SQL> = {
  name_asc: sql`p.name asc, p.id`,
  name_desc: sql`p.name desc, p.id`,
  price_asc: sql`p.price_cents asc, p.id`,
  price_desc: sql`p.price_cents desc, p.id`,
  reference: sql`p.reference asc`,
};

/**
 * The listing and the category counts against SQL on a catalogue of `products` (the demo
 * generator's), `rounds` random filter combinations.
 */
function catalogueIndexSuite(engine: Engine, products: number, rounds: number): void {
  describe.skipIf(isUnavailable(engine))(`the catalogue index on ${engine}, ${products} products`, () => {
    let server: TestServer;
    let pharmacist: InjectSession;
    /** Each category's tree (the id of its root). */
    const rootOf = new Map<number, number>();
    let under = new Map<number, number[]>();
    /**
     * Products `p` in any of the categories or their descendants (an uncorrelated `in`: hashed once
     * per count, where a correlated `exists` probed the links for each of 20,000 rows).
     */
    const inCategories = (categories: readonly number[]): SQL =>
      sql`p.id in (select pc.product_id from product_categories pc
                  where pc.category_id in (${ids(categories.flatMap((id) => under.get(id) ?? [id]))}))`;
    let categoryIds: number[] = [];
    let tagIds: number[] = [];
    let words: string[] = [];

    beforeAll(async () => {
      server = await startTestServer(engine, { postgresUrl: postgresUrl(), listen: false, products });
      pharmacist = new InjectSession(server.app);
      expect((await pharmacist.login(DEMO_ACCOUNTS.demo)).statusCode).toBe(200);
      const categories = await selectRows<{ id: number; parent_id: number | null }>(
        server.database.db,
        sql`select id, parent_id from categories order by id`,
      );
      const parentOf = new Map(categories.map((row) => [row.id, row.parent_id]));
      for (const { id } of categories) {
        let root = id;
        for (let parent = parentOf.get(root); parent != null; parent = parentOf.get(root)) root = parent;
        rootOf.set(id, root);
      }
      categoryIds = categories.map((row) => row.id);
      under = descendants(parentOf);
      tagIds = (
        await selectRows<{ id: number }>(server.database.db, sql`select id from tags order by id`)
      ).map((row) => row.id);
      // Short words of the names (no typos allowed below five letters: SQL and any index agree).
      const names = await selectRows<{ name: string }>(
        server.database.db,
        sql`select name from products where is_active order by id`,
      );
      words = [...new Set(names.flatMap((row) => row.name.toLowerCase().split(/[^\p{L}]+/u)))].filter(
        (word) => word.length >= 3 && word.length <= 4,
      );
    });
    afterAll(() => server?.close());

    async function listing(
      filters: ProductSearchRequest,
      session = pharmacist,
    ): Promise<ProductSearchResponse> {
      const response = await session.request('POST', '/api/v1/products/search', { payload: filters });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as ProductSearchResponse;
    }

    /** SQL's answer: the total, one page's ids in the sort's order, and every facet count. */
    async function expected(filters: ProductSearchRequest) {
      const base: SQL[] = [sql`p.is_active`];
      const text = cleanQuery(filters.text ?? '');
      if (text !== '') base.push(anyMatch(textMatch(text)));
      if (filters.price?.min !== undefined)
        base.push(sql`p.price_cents >= ${eurosToCents(filters.price.min)}`);
      if (filters.price?.max !== undefined)
        base.push(sql`p.price_cents <= ${eurosToCents(filters.price.max)}`);
      const groups = new Map<number, number[]>();
      for (const id of filters.categories ?? []) {
        const root = rootOf.get(id) ?? -id;
        groups.set(root, [...(groups.get(root) ?? []), id]);
      }
      const tagged = filters.tags?.length
        ? sql`p.id in (select pt.product_id from product_tags pt where pt.tag_id in (${ids(filters.tags)}))`
        : sql`true`;
      const treesBut = (except?: number) =>
        sql.join(
          [...groups].filter(([root]) => root !== except).map(([, members]) => inCategories(members)),
          sql` and `,
        );
      const all = (parts: SQL[]) => sql.join(parts.length ? parts : [sql`true`], sql` and `);
      const where = all([...base, tagged, ...(groups.size ? [treesBut()] : [])]);
      const [counts] = await selectRows<Record<string, number | string>>(
        server.database.db,
        sql`select count(*) filter (where ${where}) as total,
              ${sql.join(
                categoryIds.map((id) => {
                  const others = [...groups.keys()].some((root) => root !== rootOf.get(id))
                    ? [treesBut(rootOf.get(id))]
                    : [];
                  return sql`count(*) filter (where ${all([...base, tagged, ...others, inCategories([id])])}) as ${sql.identifier(`c${id}`)}`;
                }),
                sql`, `,
              )},
              ${sql.join(
                tagIds.map(
                  (id) =>
                    sql`count(*) filter (where ${all([
                      ...base,
                      ...(groups.size ? [treesBut()] : []),
                      sql`p.id in (select pt.product_id from product_tags pt where pt.tag_id = ${id})`,
                    ])}) as ${sql.identifier(`t${id}`)}`,
                ),
                sql`, `,
              )}
            from products p`,
      );
      const perPage = filters.per_page ?? 20;
      const page = filters.page ?? 1;
      const order = SQL_ORDER[filters.sort ?? 'name_asc'] ?? sql`p.name asc, p.id`;
      const rows = await selectRows<{ id: number }>(
        server.database.db,
        sql`select p.id from products p where ${where} order by ${order}
            limit ${perPage} offset ${(page - 1) * perPage}`,
      );
      return {
        total: Number(counts?.total),
        page: rows.map((row) => row.id),
        categories: categoryIds.map((id) => ({ id, count: Number(counts?.[`c${id}`]) })),
        tags: tagIds.map((id) => ({ id, count: Number(counts?.[`t${id}`]) })),
      };
    }

    it('gives the totals, pages, sorts and facet counts SQL gives, for seeded random filters', {
      timeout: 120_000,
    }, async () => {
      const seed = 20261129;
      const next = random(seed);
      const sorts = ['name_asc', 'name_desc', 'price_asc', 'price_desc', 'reference'] as const;
      for (let round = 0; round < rounds; round += 1) {
        const filters: ProductSearchRequest = { per_page: 12 };
        const categories = pick(next, categoryIds, 3);
        if (categories.length) filters.categories = categories;
        const tags = pick(next, tagIds, 2);
        if (tags.length) filters.tags = tags;
        if (next() < 0.4) {
          const min = Math.floor(next() * 15);
          filters.price = { min, max: min + 1 + Math.floor(next() * 25) };
        }
        if (next() < 0.3 && words.length) filters.text = words[Math.floor(next() * words.length)] ?? '';
        filters.sort = sorts[Math.floor(next() * sorts.length)] ?? 'name_asc';
        filters.page = next() < 0.2 ? 2 : 1;
        const label = `seed ${seed}, round ${round}: ${JSON.stringify(filters)}`;
        const [answer, truth] = await Promise.all([listing(filters), expected(filters)]);
        expect(answer.meta.total, label).toBe(truth.total);
        expect(
          answer.data.map((product) => product.id),
          label,
        ).toEqual(truth.page);
        const byId = <T extends { id: number }>(list: T[]) => [...list].sort((a, b) => a.id - b.id);
        expect(byId(answer.facets.categories), label).toEqual(truth.categories);
        expect(byId(answer.facets.tags), label).toEqual(truth.tags);
      }
    });

    it("prices each page for its pharmacy as SQL does (its discount group's prices, stock, pictures)", {
      timeout: 120_000,
    }, async () => {
      const next = random(20261130);
      const accounts = [DEMO_ACCOUNTS.demo, DEMO_ACCOUNTS.norte, DEMO_ACCOUNTS.limite];
      const demoIds = await server.demoIds();
      const clientOf = {
        [DEMO_ACCOUNTS.demo]: demoIds.demo,
        [DEMO_ACCOUNTS.norte]: demoIds.norte,
        [DEMO_ACCOUNTS.limite]: demoIds.limite,
      };
      const [grouped] = await selectRows<{ groups: number }>(
        server.database.db,
        sql`select count(distinct discount_group_id)::int as groups from clients
            where id in (${ids(Object.values(clientOf).map((ids) => ids.clientId))})`,
      );
      // Pharmacies of different groups, so a price of the wrong group shows.
      expect(grouped?.groups).toBeGreaterThan(1);
      for (const account of accounts) {
        const session = account === DEMO_ACCOUNTS.demo ? pharmacist : new InjectSession(server.app);
        if (session !== pharmacist) expect((await session.login(account)).statusCode).toBe(200);
        const clientId = clientOf[account]?.clientId ?? 0;
        for (let round = 0; round < 4; round += 1) {
          const filters: ProductSearchRequest = {
            per_page: 48,
            sort: (['price_asc', 'name_asc', 'reference'] as const)[round % 3] ?? 'name_asc',
            page: 1 + Math.floor(next() * Math.min(20, Math.ceil(products / 48))),
          };
          const answer = await listing(filters, session);
          const wanted = answer.data.map((product) => product.id);
          expect(wanted.length, JSON.stringify(filters)).toBeGreaterThan(0);
          const rows = await selectRows<PricedProductRow>(
            server.database.db,
            sql`select ${PRICED_COLUMNS} from ${pricedProductsOfClient(sql`${clientId}::int`)}
                where p.id in (${ids(wanted)})`,
          );
          const byId = new Map(rows.map((row) => [row.id, row]));
          const truth = wanted.map((id) => {
            const row = byId.get(id);
            if (!row) throw new Error(`product ${id} not read`);
            return productSummary(row, testSettings().publicUrl);
          });
          expect(answer.data, `${account}: ${JSON.stringify(filters)}`).toEqual(truth);
        }
      }
    });

    it("counts each category's active products with its descendants, as SQL does", async () => {
      const response = await pharmacist.request('GET', '/api/v1/categories');
      expect(response.statusCode).toBe(200);
      const counted = new Map<number, number>();
      const walk = (categories: Category[]) => {
        for (const category of categories) {
          counted.set(category.id, category.product_count);
          walk(category.children);
        }
      };
      walk(response.json().data as Category[]);
      expect(counted.size).toBe(categoryIds.length);
      const [truth] = await selectRows<Record<string, string | number>>(
        server.database.db,
        sql`select ${sql.join(
          categoryIds.map(
            (id) => sql`count(*) filter (where ${inCategories([id])}) as ${sql.identifier(`c${id}`)}`,
          ),
          sql`, `,
        )} from products p where p.is_active`,
      );
      for (const id of categoryIds) expect(counted.get(id), `category ${id}`).toBe(Number(truth?.[`c${id}`]));
    });
  });
}

/** Milliseconds until `check` holds (asked again every 20 ms); fails past a second. */
async function withinASecond(check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > 1_000) throw new Error('not seen within a second');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - start;
}

function twoInstancesSuite(engine: Engine): void {
  describe.skipIf(engine !== 'postgres' || isUnavailable(engine))('two instances on one database', () => {
    let first: TestServer;
    let second: TestServer;

    beforeAll(async () => {
      first = await startTestServer('postgres', { postgresUrl: postgresUrl(), products: 50, listen: false });
      second = await startTestServer('postgres', { sameDatabaseAs: first, listen: false });
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    it('a product renamed, withdrawn or moved through one is what the other answers within a second', async () => {
      const admin = new InjectSession(first.app);
      expect((await admin.login(DEMO_ACCOUNTS.admin)).statusCode).toBe(200);
      const pharmacist = new InjectSession(second.app);
      expect((await pharmacist.login(DEMO_ACCOUNTS.demo)).statusCode).toBe(200);
      const [target] = await selectRows<{ id: number }>(
        first.database.db,
        sql`select id from products where is_active order by id limit 1`,
      );
      if (!target) throw new Error('no product');
      const hits = async (query: string) => {
        const response = await pharmacist.request('POST', '/api/v1/search', { payload: { query } });
        expect(response.statusCode, response.body).toBe(200);
        return (response.json().hits as { id: number }[]).map((hit) => hit.id);
      };
      const counts = async () => {
        const response = await pharmacist.request('GET', '/api/v1/categories');
        const counted = new Map<number, number>();
        const walk = (categories: Category[]) => {
          for (const category of categories) {
            counted.set(category.id, category.product_count);
            walk(category.children);
          }
        };
        walk(response.json().data as Category[]);
        return counted;
      };
      expect(await hits('Zarzaparrilla Nocturna')).toEqual([]);

      // Renamed through the back office of the first instance.
      const before = (await admin.request('GET', `/api/v1/admin/products/${target.id}`)).json()
        .data as AdminProduct;
      const { id: _id, categories: _c, stock: _s, image: _i, created_at: _t, ...fields } = before;
      const renamed = await admin.request('PUT', `/api/v1/admin/products/${target.id}`, {
        payload: { ...fields, name: 'Zarzaparrilla Nocturna' },
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      await withinASecond(async () => (await hits('Zarzaparrilla Nocturna')).includes(target.id));

      // A category link added in SQL: the other instance's counts follow.
      const [unlinked] = await selectRows<{ id: number }>(
        first.database.db,
        sql`select c.id from categories c where c.parent_id is not null and not exists (
              select 1 from product_categories pc where pc.category_id = c.id and pc.product_id = ${target.id})
            order by c.id limit 1`,
      );
      if (!unlinked) throw new Error('no category to link');
      const was = (await counts()).get(unlinked.id) ?? 0;
      await first.database.db.execute(
        sql`insert into product_categories (product_id, category_id) values (${target.id}, ${unlinked.id})`,
      );
      await withinASecond(async () => (await counts()).get(unlinked.id) === was + 1);

      // Withdrawn in SQL: gone from the other's search.
      await first.database.db.execute(sql`update products set is_active = false where id = ${target.id}`);
      await withinASecond(async () => !(await hits('Zarzaparrilla Nocturna')).includes(target.id));
      expect((await counts()).get(unlinked.id)).toBe(was);
    });
  });
}

catalogueIndexSuite(projectEngine(), 120, 30);
// The size the index is built for, on PostgreSQL only (PGlite's SQL counts are slow there, and the
// index's code is the same on both).
if (projectEngine() === 'postgres') catalogueIndexSuite('postgres', 20_000, 12);
twoInstancesSuite(projectEngine());
