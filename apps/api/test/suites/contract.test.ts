/**
 * The contract suite: the api-client against the real server over HTTP, endpoint by endpoint, on
 * freshly generated demo data. Run on PGlite and on PostgreSQL (contract.*.test.ts).
 */
import { type ApiClient, ApiError } from '@botica/api-client';
import { type Cart, ErrorBodySchema, MAX_SEARCH_PAGE_SIZE } from '@botica/api-client/schemas';
import {
  cartTotals,
  centsToEuros,
  eurosToCents,
  formatEuros,
  madridMonth,
  monthlyAllowance,
  parseConfiguration,
  percentOfCents,
  SEARCH_HITS_PER_PAGE,
  SURCHARGE_RATES,
  surchargeCents,
  volumePriceTable,
  volumeUnitCents,
} from '@botica/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/demo-data/index.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { type DemoIds, startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { client, failure, isUnavailable, loggedIn, postgresUrl } from '../helpers.ts';
import { projectEngine } from './engine.ts';

function stripAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '');
}

function contractSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`the api-client against the server on ${engine}`, () => {
    let server: TestServer;
    let ids: DemoIds;
    let api: ApiClient;

    beforeAll(async () => {
      server = await startTestServer(engine, { postgresUrl: postgresUrl(), products: 80 });
      ids = await server.demoIds();
      api = await loggedIn(server, DEMO_ACCOUNTS.demo);
    });
    afterAll(() => server?.close());

    const products = async (where = sql`true`) =>
      selectRows<{ id: number; reference: string; name: string; price_cents: number }>(
        server.database.db,
        sql`select id, reference, name, price_cents from products where is_active and ${where} order by id`,
      );

    describe('health', () => {
      it('GET /healthz says the process lives; GET /readyz that the database answers with every migration applied', async () => {
        const health = await server.app.inject({ method: 'GET', url: '/healthz' });
        expect(health.statusCode).toBe(200);
        expect(health.json()).toEqual({ status: 'ok' });
        const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
        expect(ready.statusCode).toBe(200);
        const shipped = (await import('../../drizzle/meta/_journal.json', { with: { type: 'json' } })).default
          .entries.length;
        expect(ready.json()).toEqual({ status: 'ok', migrations: shipped });
        expect(ready.headers['cache-control']).toBe('no-store');
      });

      it('GET /readyz is 503 while migrations are missing', async () => {
        const [last] = await selectRows<{ id: number; hash: string; created_at: string | number }>(
          server.database.db,
          sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1`,
        );
        await server.database.db.execute(
          sql`delete from drizzle.__drizzle_migrations where id = ${last?.id}`,
        );
        try {
          const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
          expect(ready.statusCode).toBe(503);
          expect(ready.json().message).toMatch(/^Faltan migraciones por aplicar/);
        } finally {
          await server.database.db.execute(
            sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
                values (${last?.id}, ${last?.hash}, ${last?.created_at})`,
          );
        }
        expect((await server.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      });
    });

    describe('auth', () => {
      it('logs in, answers the user, refuses wrong credentials with a field message, logs out', async () => {
        const anonymous = client(server);
        await anonymous.auth.csrfCookie();
        expect((await failure(anonymous.auth.user())).status).toBe(401);
        const wrong = await failure(anonymous.auth.login({ username: DEMO_ACCOUNTS.demo, password: 'nope' }));
        expect(wrong.status).toBe(422);
        expect(wrong.fieldError('username')).toMatch(/credenciales/);

        const user = await anonymous.auth.login({
          username: ` ${DEMO_ACCOUNTS.demo} `,
          password: DEMO_PASSWORD,
        });
        expect(user).toMatchObject({ username: DEMO_ACCOUNTS.demo, role: 'client', is_sub_user: false });
        expect(user.client?.id).toBe(ids.demo.clientId);
        expect(await anonymous.auth.user()).toEqual(user);

        await anonymous.auth.logout();
        expect((await failure(anonymous.auth.user())).status).toBe(401);
      });

      it('answers a user that is not a client with its role (the portal logs it out)', async () => {
        const rep = await loggedIn(server, DEMO_ACCOUNTS.comercial);
        expect((await rep.auth.user()).role).not.toBe('client');
        expect((await failure(rep.configurations.list())).status).toBe(403);
      });
    });

    it("laboratory: the installation's identity, public, through the typed client", async () => {
      const anonymous = client(server);
      expect(await anonymous.configurations.laboratory()).toMatchObject({
        legalName: 'Laboratorio Botica, S.L.',
        taxId: 'B87654323',
        isDemo: true,
      });
    });

    it('configurations: the minimum order and the monthly cap', async () => {
      const { data } = await api.configurations.list();
      expect(data).toEqual(
        expect.arrayContaining([
          { key: 'order_minimum_amount', value: '150' },
          { key: 'maximum_purchase_per_month', value: '3000' },
        ]),
      );
    });

    describe('catalogue', () => {
      it('categories: the two trees, with counts; one category; 404 for an unknown one', async () => {
        const { data } = await api.catalogue.categories();
        expect(data.map((root) => root.id)).toEqual([1, 2]);
        for (const root of data) {
          expect(root.children.length).toBeGreaterThan(0);
          expect(root.product_count).toBeGreaterThan(0);
          for (const child of root.children)
            expect(child.product_count).toBeLessThanOrEqual(root.product_count);
        }
        const child = data[1]?.children[0];
        const one = await api.catalogue.category(child?.id ?? 0);
        expect(one.data).toEqual(child);
        expect((await failure(api.catalogue.category(987_654))).status).toBe(404);
      });

      it('tags', async () => {
        const { data } = await api.catalogue.tags();
        expect(data.length).toBeGreaterThan(0);
        expect(data[0]).toEqual({
          id: expect.any(Number),
          name: expect.any(String),
          slug: expect.any(String),
        });
      });

      it('product search: pagination, category tree, price, text and sort filters', async () => {
        const all = await api.catalogue.searchProducts({ per_page: 25 });
        const active = await products();
        expect(all.meta).toEqual({
          current_page: 1,
          last_page: Math.ceil(active.length / 25),
          per_page: 25,
          total: active.length,
        });
        const past = await api.catalogue.searchProducts({ page: 99 });
        expect(past.data).toEqual([]);
        expect(past.meta.total).toBe(active.length);

        const health = await api.catalogue.searchProducts({
          categories: [2],
          per_page: MAX_SEARCH_PAGE_SIZE,
        });
        const { data: roots } = await api.catalogue.categories();
        expect(health.meta.total).toBe(roots[1]?.product_count);

        // Within a tree any selected category matches; across the trees every tree must match.
        const [range] = roots[0]?.children ?? [];
        const problems = (roots[1]?.children ?? []).slice(0, 2).map((problem) => problem.id);
        const both = await api.catalogue.searchProducts({ categories: [range?.id ?? 0, ...problems] });
        const [expected] = await selectRows<{ total: number | string }>(
          server.database.db,
          sql`select count(*) as total from products p
              where p.is_active
                and exists (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id = ${range?.id ?? 0})
                and exists (select 1 from product_categories pc where pc.product_id = p.id
                            and pc.category_id in (${problems[0] ?? 0}, ${problems[1] ?? 0}))`,
        );
        expect(both.meta.total).toBe(Number(expected?.total));
        expect(both.meta.total).toBeLessThan(range?.product_count ?? 0);
        const unknown = await api.catalogue.searchProducts({ categories: [range?.id ?? 0, 999_999] });
        expect(unknown.meta.total).toBe(0);

        const cheap = await api.catalogue.searchProducts({
          price: { min: 5, max: 10 },
          per_page: MAX_SEARCH_PAGE_SIZE,
        });
        for (const product of cheap.data) {
          expect(product.price).toBeGreaterThanOrEqual(5);
          expect(product.price).toBeLessThanOrEqual(10);
        }
        const sorted = await api.catalogue.searchProducts({
          sort: 'price_desc',
          per_page: MAX_SEARCH_PAGE_SIZE,
        });
        const prices = sorted.data.map((product) => product.price);
        expect(prices).toEqual([...prices].sort((a, b) => b - a));

        const target = active[3];
        const byText = await api.catalogue.searchProducts({ text: target?.reference ?? '' });
        expect(byText.data[0]?.id).toBe(target?.id);
      });

      it('product: the page, with the client special price as final_price; 404 when unknown', async () => {
        const [special] = await selectRows<{ product_id: number; price_cents: number }>(
          server.database.db,
          sql`select sp.product_id, sp.price_cents from special_prices sp
              join clients c on c.discount_group_id = sp.discount_group_id
              join products p on p.id = sp.product_id and p.is_active
              where c.id = ${ids.demo.clientId} and sp.price_cents < p.price_cents order by sp.product_id limit 1`,
        );
        expect(special).toBeDefined();
        const { data } = await api.catalogue.product(special?.product_id ?? 0);
        expect(data.final_price).toBe(centsToEuros(special?.price_cents ?? 0));
        expect(data.final_price).toBeLessThan(data.price);
        expect(data.images.length).toBeGreaterThanOrEqual(1);
        expect(data.categories.length).toBeGreaterThan(0);
        expect(data.description.length).toBeGreaterThan(0);
        expect((await failure(api.catalogue.product(987_654))).status).toBe(404);
      });

      it('volume tiers: ascending, open-ended last, unit prices never above the price', async () => {
        const [rule] = await selectRows<{ product_id: number }>(
          server.database.db,
          sql`select product_id from volume_rules v join products p on p.id = v.product_id and p.is_active
              order by product_id limit 1`,
        );
        const { data: product } = await api.catalogue.product(rule?.product_id ?? 0);
        const { data } = await api.catalogue.volumeRules(rule?.product_id ?? 0);
        expect(data.length).toBeGreaterThan(0);
        expect(data.at(-1)?.max_quantity).toBeNull();
        for (const [index, tier] of data.entries()) {
          expect(tier.unit_price).toBeLessThanOrEqual(product.price);
          if (index > 0) expect(tier.min_quantity).toBeGreaterThan(data[index - 1]?.min_quantity ?? 0);
        }
      });

      it('volume tiers and product prices give the domain what it needs for the table, special prices included', async () => {
        const db = server.database.db;
        const [client] = await selectRows<{ discount_group_id: number | null }>(
          db,
          sql`select discount_group_id from clients where id = ${ids.demo.clientId}`,
        );
        const groupId = client?.discount_group_id ?? 0;
        expect(groupId).toBeGreaterThan(0);
        // A product with tiers and no special price for the group: the test gives it one, then removes it.
        const [target] = await selectRows<{ product_id: number; price_cents: number }>(
          db,
          sql`select p.id as product_id, p.price_cents from products p
              where p.is_active and p.price_cents between 500 and 2000
                and (select count(*) from volume_rules v where v.product_id = p.id) >= 2
                and not exists (select 1 from special_prices sp
                                where sp.product_id = p.id and sp.discount_group_id = ${groupId})
              order by p.id limit 1`,
        );
        const productId = target?.product_id ?? 0;
        const listCents = target?.price_cents ?? 0;

        async function tableOnTheWire(quantity = 0) {
          const [{ data: product }, { data: rules }] = await Promise.all([
            api.catalogue.product(productId),
            api.catalogue.volumeRules(productId),
          ]);
          const prices = {
            listCents: eurosToCents(product.price),
            baseCents: eurosToCents(product.final_price ?? product.price),
          };
          const tiers = rules.map((rule) => ({
            minQuantity: rule.min_quantity,
            discountPercent: rule.discount_percent,
          }));
          // Every unit_price on the wire is what the domain's rule says the client pays at that quantity.
          for (const rule of rules) {
            expect(eurosToCents(rule.unit_price)).toBe(volumeUnitCents(prices, tiers, rule.min_quantity));
          }
          return { product, rules, table: volumePriceTable(prices, tiers, quantity) };
        }

        const plain = await tableOnTheWire();
        expect(plain.product.final_price).toBeNull();
        expect(plain.table.tiers.every((tier) => tier.applies)).toBe(true);
        for (const row of plain.table.rows.slice(1)) {
          expect(Math.abs(row.savingPercent - (row.tier?.discountPercent ?? 0))).toBeLessThanOrEqual(0.2);
        }
        const discounts = plain.rules.map((rule) => rule.discount_percent);
        const lowest = Math.min(...discounts);
        const highest = Math.max(...discounts);

        try {
          // A special price that beats every tier: final_price is that price, every tier costs it too.
          const beatsAll = listCents - percentOfCents(listCents, Math.min(99, highest + 2));
          await db.execute(
            sql`insert into special_prices (discount_group_id, product_id, price_cents)
                values (${groupId}, ${productId}, ${beatsAll})`,
          );
          const special = await tableOnTheWire(100);
          expect(special.product.final_price).toBe(centsToEuros(beatsAll));
          expect(special.rules.map((rule) => rule.unit_price)).toEqual(
            special.rules.map(() => centsToEuros(beatsAll)),
          );
          expect(special.table.rows).toEqual([]);
          expect(special.table.hasSpecialPrice).toBe(true);

          // Between the lowest and the highest tier: only the tiers that beat it apply.
          const between = listCents - percentOfCents(listCents, (lowest + highest) / 2);
          await db.execute(
            sql`update special_prices set price_cents = ${between}
                where discount_group_id = ${groupId} and product_id = ${productId}`,
          );
          const partial = await tableOnTheWire();
          expect(partial.product.final_price).toBe(centsToEuros(between));
          expect(partial.table.tiers.some((tier) => tier.applies)).toBe(true);
          expect(partial.table.tiers.some((tier) => !tier.applies)).toBe(true);
          // The cart prices each row's first quantity as the table shows it.
          for (const row of partial.table.rows) {
            const cart = await api.cart.save({ products: [{ id: productId, quantity: row.minQuantity }] });
            const line = cart.items[0]?.product;
            expect(eurosToCents(line?.final_price ?? line?.price ?? 0)).toBe(row.unitCents);
          }
        } finally {
          await api.cart.save({ products: [] });
          await db.execute(
            sql`delete from special_prices where discount_group_id = ${groupId} and product_id = ${productId}`,
          );
        }
      });

      it('showcase: the active banners in order and featured products with the client prices', async () => {
        const { data } = await api.showcase.get();
        expect(data.banners.length).toBeGreaterThan(0);
        for (const banner of data.banners) expect(banner.href).toMatch(/^\/catalog\?gama=\d+$/);
        expect(data.featured.length).toBeGreaterThan(0);
        expect(data.featured.length).toBeLessThanOrEqual(8);
        const [first] = data.featured;
        const { data: product } = await api.catalogue.product(first?.id ?? 0);
        expect(first?.final_price).toBe(product.final_price);
      });

      it('price range and images (every size; the default image for unknown ids)', async () => {
        const range = await api.catalogue.priceRange();
        const active = await products();
        expect(range.min).toBe(centsToEuros(Math.min(...active.map((product) => product.price_cents))));
        expect(range.max).toBe(centsToEuros(Math.max(...active.map((product) => product.price_cents))));
        const { data } = await api.catalogue.product(active[0]?.id ?? 0);
        for (const url of Object.values(data.image)) {
          const response = await fetch(new URL(url, server.url));
          expect(response.status).toBe(200);
          expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
          expect(response.headers.get('cache-control')).toMatch(/max-age=\d+/);
          expect(await response.text()).toContain('<svg');
        }
        const fallback = await fetch(new URL('/api/v1/products/987654/images/1/thumbnail', server.url));
        expect(await fallback.text()).toContain('Imagen no disponible');
      });
    });

    describe('search', () => {
      it('finds the exact reference first and reference prefixes', async () => {
        const [target] = await products();
        const exact = await api.search.query({ query: target?.reference.toLowerCase() ?? '' });
        expect(exact.hits[0]).toMatchObject({ id: target?.id, reference: target?.reference });
        expect(exact.hits[0]?.image.miniproduct).toMatch(/miniproduct$/);
        const prefix = (target?.reference ?? '').slice(0, -2);
        const byPrefix = await api.search.query({ query: prefix });
        expect(byPrefix.hits.length).toBeGreaterThan(1);
        for (const hit of byPrefix.hits) expect(hit.reference.startsWith(prefix)).toBe(true);
      });

      it('finds Spanish names regardless of accents and case, and with one typo', async () => {
        const accented = (await products(sql`name ~ '[áéíóúñ]'`))[0];
        expect(accented).toBeDefined();
        const word = (accented?.name ?? '').split(' ').find((part) => /[áéíóúñ]/i.test(part)) ?? '';
        const plain = await api.search.query({ query: stripAccents(word).toUpperCase() });
        expect(plain.hits.map((hit) => hit.id)).toContain(accented?.id);

        const long = (await products()).flatMap((product) =>
          product.name
            .split(' ')
            .filter((part) => part.length >= 7 && /^\p{L}+$/u.test(part))
            .map((part) => ({ product, part })),
        )[0];
        expect(long).toBeDefined();
        const part = stripAccents(long?.part ?? '').toLowerCase();
        const typo = `${part.slice(0, 3)}${part[3] === 'x' ? 'y' : 'x'}${part.slice(4)}`;
        const fuzzy = await api.search.query({ query: typo });
        expect(fuzzy.hits.map((hit) => hit.id)).toContain(long?.product.id);
      });

      /** Every hit of a text: the search box's pages, and the catalogue filter's pages. */
      async function everyHit(text: string): Promise<{ search: number[]; catalogue: number[] }> {
        const search: number[] = [];
        for (let page = 0; ; page += 1) {
          const answer = await api.search.query({ query: text, page });
          search.push(...answer.hits.map((hit) => hit.id));
          if (page + 1 >= answer.nbPages) break;
        }
        const catalogue: number[] = [];
        for (let page = 1; ; page += 1) {
          const { data, meta } = await api.catalogue.searchProducts({
            text,
            page,
            per_page: MAX_SEARCH_PAGE_SIZE,
          });
          catalogue.push(...data.map((product) => product.id));
          if (page >= meta.last_page) break;
        }
        return { search, catalogue };
      }

      it('finds a reference first however it is typed: 10399, bt10399, bt 10399, BT-10399', async () => {
        const target = (await products())[5];
        const reference = target?.reference ?? '';
        const digits = reference.replace(/\D/g, '');
        const letters = reference.replace(/[^A-Za-z]/g, '').toLowerCase();
        expect(digits).toMatch(/^\d{5}$/);
        for (const query of [digits, `${letters}${digits}`, `${letters} ${digits}`, reference]) {
          const { hits } = await api.search.query({ query });
          expect(hits[0]?.id, query).toBe(target?.id);
          const { data } = await api.catalogue.searchProducts({ text: query });
          expect(data[0]?.id, query).toBe(target?.id);
        }
        // Digits alone are a prefix of the reference's digits too, before any name.
        const prefix = digits.slice(0, -1);
        const byDigits = await api.search.query({ query: prefix });
        expect(byDigits.hits.length).toBeGreaterThan(1);
        for (const hit of byDigits.hits)
          expect(hit.reference.replace(/\D/g, '')).toMatch(new RegExp(`^${prefix}`));
      });

      it('counts a swap of neighbours, a missing, an extra or a wrong letter as one typo', async () => {
        const named = (await products()).flatMap((product) =>
          product.name
            .split(' ')
            .map((part) => stripAccents(part).toLowerCase())
            .filter((part) => /^[a-z]{6,8}$/.test(part))
            .map((word) => ({ product, word })),
        );
        const { product, word } = named[0] ?? { product: undefined, word: '' };
        const at = [...word].findIndex((letter, index) => index >= 2 && letter !== word[index + 1]);
        const other = word[at] === 'x' ? 'y' : 'x';
        const typos = {
          swapped: `${word.slice(0, at)}${word[at + 1]}${word[at]}${word.slice(at + 2)}`,
          missing: `${word.slice(0, at)}${word.slice(at + 1)}`,
          extra: `${word.slice(0, at)}${other}${word.slice(at)}`,
          wrong: `${word.slice(0, at)}${other}${word.slice(at + 1)}`,
        };
        const expected = (await everyHit(word)).catalogue;
        expect(expected).toContain(product?.id);
        for (const [kind, typo] of Object.entries(typos)) {
          const found = await everyHit(typo);
          expect(found.search, `${kind}: ${typo}`).toEqual(expect.arrayContaining(expected));
          expect(found.catalogue, `${kind}: ${typo}`).toEqual(expect.arrayContaining(expected));
        }
        // Two typos need a word of nine letters.
        const twice = `${word.slice(0, at)}${other}${other}${word.slice(at + 2)}`;
        expect((await everyHit(twice)).search).not.toContain(product?.id);
      });

      it('allows two typos from nine letters, none below five, and matches no unrelated word', async () => {
        const long = (await products()).flatMap((product) =>
          product.name
            .split(' ')
            .map((part) => stripAccents(part).toLowerCase())
            .filter((part) => /^[a-z]{9,}$/.test(part))
            .map((word) => ({ product, word })),
        )[0];
        const word = long?.word ?? '';
        // Two neighbours swapped twice ('equinacea' → 'qeuinaeca').
        const twice = `${word[1]}${word[0]}${word.slice(2, -2)}${word.at(-1)}${word.at(-2)}`;
        expect((await everyHit(twice)).search).toContain(long?.product.id);

        const short = (await products()).flatMap((product) =>
          product.name
            .split(' ')
            .map((part) => stripAccents(part).toLowerCase())
            .filter((part) => /^[a-z]{4}$/.test(part) && part[1] !== part[2])
            .map((word) => ({ product, word })),
        )[0];
        const four = short?.word ?? '';
        const swapped = `${four[0]}${four[2]}${four[1]}${four[3]}`;
        expect((await everyHit(four)).search).toContain(short?.product.id);
        expect((await everyHit(swapped)).search).not.toContain(short?.product.id);

        for (const unrelated of ['ordenador', 'bicicleta', 'zapatilla', 'teclado', 'xyzzy']) {
          expect(await everyHit(unrelated), unrelated).toEqual({ search: [], catalogue: [] });
        }
      });

      it('pages by 20 from 0, and a page past the end is an empty list', async () => {
        const first = await api.search.query({ query: 'a', page: 0 });
        expect(first.hitsPerPage).toBe(SEARCH_HITS_PER_PAGE);
        expect(first.hits.length).toBeLessThanOrEqual(SEARCH_HITS_PER_PAGE);
        expect(first.nbPages).toBe(Math.ceil(first.nbHits / SEARCH_HITS_PER_PAGE));
        const beyond = await api.search.query({ query: 'a', page: first.nbPages + 3 });
        expect(beyond.hits).toEqual([]);
        expect(beyond.nbHits).toBe(first.nbHits);
        expect((await api.search.query({ query: '   ' })).hits).toEqual([]);
      });
    });

    describe('cart and orders', () => {
      function expectDomainTotals(cart: Cart): void {
        const discounts = cart.discounts.map(({ group_name, discount_percent }) => ({
          group_name,
          discount_percent,
        }));
        const totals = cartTotals(
          cart.items.map((item) => ({ product: item.product, quantity: item.quantity })),
          discounts,
          { equivalenceSurcharge: cart.recargo_equivalencia },
        );
        expect(cart.price).toBe(centsToEuros(totals.priceCents));
        expect(cart.price_discount_line).toBe(centsToEuros(totals.discountCents));
        expect(cart.taxes).toEqual(
          totals.vat.map((line) => ({
            rate: line.rate,
            base: centsToEuros(line.baseCents),
            amount: centsToEuros(line.amountCents),
          })),
        );
        expect(cart.surcharges).toEqual(
          totals.surcharges.map((line) => ({
            vat_rate: line.vatRate,
            rate: line.rate,
            base: centsToEuros(line.baseCents),
            amount: centsToEuros(line.amountCents),
          })),
        );
        expect(cart.price_tax).toBe(centsToEuros(totals.taxCents));
        expect(cart.total_price).toBe(centsToEuros(totals.totalCents));
      }

      /** The wire's taxes add up: price_tax is VAT plus surcharge, and the total follows. */
      function expectTaxesAddUp(
        order: Pick<
          Cart,
          'taxes' | 'surcharges' | 'price' | 'price_discount_line' | 'price_tax' | 'total_price'
        >,
      ): void {
        const cents = (lines: { amount: number }[]) =>
          lines.reduce((sum, line) => sum + eurosToCents(line.amount), 0);
        expect(eurosToCents(order.price_tax)).toBe(cents(order.taxes) + cents(order.surcharges));
        expect(eurosToCents(order.total_price)).toBe(
          eurosToCents(order.price) - eurosToCents(order.price_discount_line) + eurosToCents(order.price_tax),
        );
      }

      /** Active products in stock, one of each VAT rate, each under `maxCents`. */
      async function oneOfEachRate(maxCents: number) {
        return selectRows<{ id: number; vat_rate: number; price_cents: number }>(
          server.database.db,
          sql`select distinct on (vat_rate) id, vat_rate, price_cents from products
              where is_active and stock_units > 0 and price_cents <= ${maxCents} order by vat_rate, id`,
        );
      }

      const setRegime = (clientId: number, on: boolean) =>
        server.database.db.execute(
          sql`update clients set recargo_equivalencia = ${on} where id = ${clientId}`,
        );

      it('saves, reads, refuses checkout below the minimum, sends once, lists the order', async () => {
        const pharmacy = await loggedIn(server, DEMO_ACCOUNTS.norte);
        const active = await products(sql`stock_units > 0 and price_cents between 500 and 3000`);
        const small = await pharmacy.cart.save({ products: [{ id: active[0]?.id ?? 0, quantity: 1 }] });
        expect(small.items).toHaveLength(1);
        expectDomainTotals(small);
        expect(await pharmacy.cart.get()).toEqual(small);

        const below = await failure(pharmacy.cart.checkout(ids.norte.clientId, small.id));
        expect(below.status).toBe(422);
        expect(below.message).toMatch(/^Necesitas añadir .*\u00a0€ a tu pedido para poder finalizarlo\.$/);

        const lines = active.slice(0, 4).map((product) => ({
          id: product.id,
          quantity: Math.ceil(6000 / product.price_cents),
        }));
        const cart = await pharmacy.cart.save({ products: lines });
        expect(cart.id).toBe(small.id);
        expect(cart.version).toBeGreaterThan(small.version);
        expect(cart.price).toBeGreaterThanOrEqual(150);
        expect(cart.items.map((item) => [item.product.id, item.quantity])).toEqual(
          lines.map((line) => [line.id, line.quantity]),
        );
        expectDomainTotals(cart);

        const { data: order } = await pharmacy.cart.checkout(ids.norte.clientId, cart.id, {
          notes: 'Por la tarde',
        });
        expect(order).toMatchObject({
          client_id: ids.norte.clientId,
          status: 'received',
          notes: 'Por la tarde',
        });
        expect(order.number).toMatch(/^PW-\d{4}-\d{6}$/);
        expect(order.total_price).toBe(cart.total_price);
        expect(order.lines.map((line) => line.quantity)).toEqual(lines.map((line) => line.quantity));
        const again = await pharmacy.cart.checkout(ids.norte.clientId, cart.id);
        expect(again.data.id).toBe(order.id);
        expect(await pharmacy.cart.get()).toBeNull();

        const listed = await pharmacy.orders.list(ids.norte.clientId, { per_page: 5 });
        expect(listed.data[0]?.id).toBe(order.id);
        expect(listed.meta.per_page).toBe(5);
        const dates = listed.data.map((entry) => entry.created_at);
        expect(dates).toEqual([...dates].sort().reverse());
        const month = madridMonth(new Date());
        expect(new Date(order.created_at).getTime()).toBeGreaterThanOrEqual(month.start.getTime());
      });

      it('prices a line with the volume tier its quantity reaches', async () => {
        const [rule] = await selectRows<{ product_id: number; min_quantity: number }>(
          server.database.db,
          sql`select product_id, min_quantity from volume_rules v join products p on p.id = v.product_id and p.is_active
              order by product_id, min_quantity limit 1`,
        );
        const { data: tiers } = await api.catalogue.volumeRules(rule?.product_id ?? 0);
        const cart = await api.cart.save({
          products: [{ id: rule?.product_id ?? 0, quantity: rule?.min_quantity ?? 1 }],
        });
        expect(cart.items[0]?.product.final_price ?? cart.items[0]?.product.price).toBe(tiers[0]?.unit_price);
        await api.cart.save({ products: [] });
      });

      it("carries each line's tiers and price before them, as the product's page and its tiers give them", async () => {
        // A product with tiers and the group's special price, one with tiers only and one without tiers.
        const picks = await selectRows<{ id: number }>(
          server.database.db,
          sql`(select p.id from products p join special_prices sp on sp.product_id = p.id
                 join clients c on c.discount_group_id = sp.discount_group_id and c.id = ${ids.demo.clientId}
               where p.is_active and sp.price_cents < p.price_cents
                 and exists (select 1 from volume_rules v where v.product_id = p.id) order by p.id limit 1)
              union all
              (select p.id from products p where p.is_active
                 and exists (select 1 from volume_rules v where v.product_id = p.id)
                 and not exists (select 1 from special_prices sp where sp.product_id = p.id) order by p.id limit 1)
              union all
              (select p.id from products p where p.is_active
                 and not exists (select 1 from volume_rules v where v.product_id = p.id) order by p.id limit 1)`,
        );
        expect(picks).toHaveLength(3);
        const lines = picks.map((pick) => ({ id: Number(pick.id), quantity: 1 }));
        const saved = await api.cart.save({ products: lines });
        try {
          const read = await api.cart.get();
          for (const cart of [saved, read]) {
            for (const line of lines) {
              const item = cart?.items.find((candidate) => candidate.product.id === line.id);
              const [{ data: product }, { data: rules }] = await Promise.all([
                api.catalogue.product(line.id),
                api.catalogue.volumeRules(line.id),
              ]);
              expect(item?.volume).toEqual({
                price_before_tiers: product.final_price,
                tiers: rules.map((rule) => ({
                  min_quantity: rule.min_quantity,
                  discount_percent: rule.discount_percent,
                })),
              });
            }
          }
          const volumes = saved.items.map((item) => item.volume);
          expect(
            volumes.map((volume) => volume?.tiers.length ?? 0).filter((count) => count > 0),
          ).toHaveLength(2);
          expect(volumes.filter((volume) => volume?.price_before_tiers != null)).toHaveLength(1);
        } finally {
          await api.cart.save({ products: [] });
        }
      });

      it('refuses a save over the monthly cap with 406 and leaves the cart as it was', async () => {
        const limite = await loggedIn(server, DEMO_ACCOUNTS.limite);
        const before = await limite.cart.get();
        const [expensive] = await products(sql`price_cents >= 1000`);
        const over = await failure(
          limite.cart.save({ products: [{ id: expensive?.id ?? 0, quantity: 20 }] }),
        );
        expect(over.status).toBe(406);
        expect(ErrorBodySchema.safeParse({ message: over.message }).success).toBe(true);
        // It says how much of the cap is left this month: less than 100 € for this pharmacy.
        expect(over.message).toMatch(
          /^Has superado el límite de compra mensual de 3\.000,00\u00a0€: este mes llevas [\d.]+,\d\d\u00a0€ en pedidos, te quedan \d{1,2},\d\d\u00a0€ y este pedido suma [\d.]+,\d\d\u00a0€\.$/,
        );
        expect(await limite.cart.get()).toEqual(before);
      });

      it("says what the monthly cap counts this month, as the 406 does: farmacia.limite's is below the minimum", async () => {
        const limite = await loggedIn(server, DEMO_ACCOUNTS.limite);
        const { data } = await limite.cart.monthlyPurchases(ids.limite.clientId);
        expect(data.month).toBe(madridMonth(new Date()).key);
        const config = parseConfiguration((await limite.configurations.list()).data);
        const allowance = monthlyAllowance(config, eurosToCents(data.spent));
        expect(allowance.remainingCents).toBeGreaterThan(0);
        expect(allowance.remainingCents).toBeLessThan(config.orderMinimumAmountCents);
        expect(allowance.canOrderThisMonth).toBe(false);
        const [expensive] = await products(sql`price_cents >= 1000`);
        const over = await failure(
          limite.cart.save({ products: [{ id: expensive?.id ?? 0, quantity: 20 }] }),
        );
        expect(over.message).toContain(`te quedan ${formatEuros(allowance.remainingCents)} `);
        expect((await failure(limite.cart.monthlyPurchases(ids.norte.clientId))).status).toBe(403);
      });

      it('adds the recargo de equivalencia by VAT rate for a pharmacy in the regime, and none outside it', async () => {
        const rates = await oneOfEachRate(3000);
        expect(rates.map((row) => row.vat_rate)).toEqual([4, 10, 21]);
        const lines = rates.map((row) => ({ id: row.id, quantity: 3 }));

        const inRegime = await api.cart.save({ products: lines });
        expect(inRegime.recargo_equivalencia).toBe(true);
        expect(inRegime.surcharges.map((line) => [line.vat_rate, line.rate, line.base])).toEqual(
          inRegime.taxes.map((line) => [line.rate, SURCHARGE_RATES[line.rate], line.base]),
        );
        for (const line of inRegime.surcharges) {
          expect(eurosToCents(line.amount)).toBe(surchargeCents(eurosToCents(line.base), line.vat_rate));
        }
        expect(inRegime.surcharges.some((line) => line.amount > 0)).toBe(true);
        expectDomainTotals(inRegime);
        expectTaxesAddUp(inRegime);
        expect(await api.cart.get()).toEqual(inRegime);
        await api.cart.save({ products: [] });

        // farmacia.limite is outside the regime (and has less than 100 € of its cap left: one cheap line).
        const limite = await loggedIn(server, DEMO_ACCOUNTS.limite);
        const before = await limite.cart.get();
        const [cheap] = await oneOfEachRate(2000);
        const outside = await limite.cart.save({ products: [{ id: cheap?.id ?? 0, quantity: 1 }] });
        expect(outside.recargo_equivalencia).toBe(false);
        expect(outside.surcharges).toEqual([]);
        expectDomainTotals(outside);
        expectTaxesAddUp(outside);
        await limite.cart.save({
          products: (before?.items ?? []).map((item) => ({ id: item.product.id, quantity: item.quantity })),
        });
      });

      it('prices the next save with the regime as it is now, and keeps on an order the regime it was sent with', async () => {
        const rates = await oneOfEachRate(3000);
        const lines = rates.map((row) => ({
          id: row.id,
          quantity: Math.ceil(7000 / row.price_cents),
        }));
        const cart = await api.cart.save({ products: lines });
        expect(cart.surcharges).toHaveLength(3);
        const { data: order } = await api.cart.checkout(ids.demo.clientId, cart.id);
        expect(order.recargo_equivalencia).toBe(true);
        expect(order.taxes).toEqual(cart.taxes);
        expect(order.surcharges).toEqual(cart.surcharges);
        expect(order.price_tax).toBe(cart.price_tax);
        expect(order.total_price).toBe(cart.total_price);
        expectTaxesAddUp(order);

        const first = await api.cart.save({ products: lines });
        expect(first.surcharges).toHaveLength(3);
        await setRegime(ids.demo.clientId, false);
        try {
          // The same lines again: the pricing remembered from the first save must not be reused.
          const plain = await api.cart.save({ products: lines });
          expect(plain.recargo_equivalencia).toBe(false);
          expect(plain.surcharges).toEqual([]);
          expect(plain.taxes).toEqual(first.taxes);
          expect(eurosToCents(plain.total_price)).toBe(
            eurosToCents(first.total_price) -
              first.surcharges.reduce((sum, line) => sum + eurosToCents(line.amount), 0),
          );
          expectDomainTotals(plain);
          expect(await api.cart.get()).toEqual(plain);

          const { data: listed } = await api.orders.list(ids.demo.clientId, { per_page: 1 });
          expect(listed[0]?.id).toBe(order.id);
          expect(listed[0]?.recargo_equivalencia).toBe(true);
          expect(listed[0]?.surcharges).toEqual(order.surcharges);
          expect(listed[0]?.price_tax).toBe(order.price_tax);
        } finally {
          await setRegime(ids.demo.clientId, true);
        }
        expect((await api.cart.get())?.surcharges).toHaveLength(3);
        await api.cart.save({ products: [] });
      });

      it('lists the demo history with the surcharge for a pharmacy in the regime, the taxes adding up', async () => {
        const { data } = await api.orders.list(ids.demo.clientId, { per_page: 20 });
        expect(data.length).toBeGreaterThan(0);
        for (const order of data) {
          expect(order.recargo_equivalencia).toBe(true);
          expect(order.surcharges.map((line) => line.vat_rate)).toEqual(order.taxes.map((line) => line.rate));
          expectTaxesAddUp(order);
        }
        const limite = await loggedIn(server, DEMO_ACCOUNTS.limite);
        const { data: outside } = await limite.orders.list(ids.limite.clientId);
        expect(outside.length).toBeGreaterThan(0);
        for (const order of outside) {
          expect(order).toMatchObject({ recargo_equivalencia: false, surcharges: [] });
          expectTaxesAddUp(order);
        }
      });

      it("never shows another client's orders", async () => {
        const error = await failure(api.orders.list(ids.norte.clientId));
        expect(error.status).toBe(403);
        expect(error).toBeInstanceOf(ApiError);
      });
    });
  });
}

contractSuite(projectEngine());
