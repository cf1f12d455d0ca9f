import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../accounts/password.ts';
import { type OpenDatabase, openDatabase, selectRows } from '../db/database.ts';
import { orderLines, orders, products, users } from '../db/schema.ts';
import { generateDemoData } from './generate-demo-data.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './pharmacies.ts';
import { hasAnyRows, seedDatabase, seedIfEmpty, truncateAll } from './seed-database.ts';

const NOW = new Date('2026-03-18T10:15:00Z');

const TABLES = {
  salesReps: 'sales_reps',
  discountGroups: 'discount_groups',
  clients: 'clients',
  users: 'users',
  shops: 'shops',
  categories: 'categories',
  tags: 'tags',
  products: 'products',
  productCategories: 'product_categories',
  productTags: 'product_tags',
  specialPrices: 'special_prices',
  volumeRules: 'volume_rules',
  configurations: 'configurations',
  settings: 'settings',
  carts: 'carts',
  orders: 'orders',
  orderLines: 'order_lines',
  surveys: 'surveys',
  surveyQuestions: 'survey_questions',
  labMessages: 'lab_messages',
} as const;

async function countRows(database: OpenDatabase): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [key, table] of Object.entries(TABLES)) {
    const [row] = await selectRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from ${sql.identifier(table)}`,
    );
    counts[key] = row?.count ?? -1;
  }
  return counts;
}

describe('seeding an embedded database', () => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
  });
  afterAll(() => database.close());

  it('seeds an empty database once, whatever the number of calls', async () => {
    expect(await hasAnyRows(database.db)).toBe(false);
    const report = await seedIfEmpty(database.db, { products: 320, seed: 2026, now: NOW });
    expect(report).not.toBeNull();
    expect(await seedIfEmpty(database.db, { products: 320, seed: 2026, now: NOW })).toBeNull();
    expect(await hasAnyRows(database.db)).toBe(true);

    const expected = generateDemoData({ products: 320, seed: 2026, now: NOW, passwordHash: 'x' });
    const counts = await countRows(database);
    for (const key of Object.keys(TABLES) as (keyof typeof TABLES)[]) {
      expect(counts[key], key).toBe(expected[key].length);
      expect(report?.counts[key], key).toBe(expected[key].length);
    }
  });

  it('stores what was generated: jsonb totals, timestamps and a working demo password', async () => {
    const [first] = await database.db.select().from(orders).where(sql`${orders.id} = 1`);
    const expected = generateDemoData({ products: 320, seed: 2026, now: NOW, passwordHash: 'x' }).orders[0];
    expect(first?.discounts).toEqual(expected?.discounts);
    expect(first?.taxes).toEqual(expected?.taxes);
    expect(first?.recargoEquivalencia).toBe(expected?.recargoEquivalencia);
    expect(first?.surcharges).toEqual(expected?.surcharges);
    expect(first?.createdAt.toISOString()).toBe(expected?.createdAt.toISOString());

    const [demo] = await database.db
      .select()
      .from(users)
      .where(sql`${users.username} = ${DEMO_ACCOUNTS.demo}`);
    expect(await verifyPassword(DEMO_PASSWORD, demo?.passwordHash ?? '')).toBe(true);
  });

  it('lets the server insert new rows after the seed without an id collision', async () => {
    const [product] = await database.db
      .insert(products)
      .values({
        reference: 'BT-99999',
        name: 'Producto nuevo',
        slug: 'producto-nuevo',
        description: 'Nuevo.',
        format: '30 cápsulas',
        priceCents: 1000,
        vatRate: 10,
        stockUnits: 5,
      })
      .returning({ id: products.id });
    expect(product?.id).toBe(321);
    const [order] = await database.db
      .insert(orders)
      .values({
        number: 'PW-2026-999999',
        clientId: 1,
        userId: 1,
        priceCents: 1000,
        discountCents: 0,
        taxCents: 100,
        totalCents: 1100,
        discounts: [],
        taxes: [],
      })
      .returning({ id: orders.id });
    const [{ max } = { max: 0 }] = await selectRows<{ max: number }>(
      database.db,
      sql`select max(id)::int as max from orders where number <> 'PW-2026-999999'`,
    );
    expect(order?.id).toBe(max + 1);
    const [line] = await database.db
      .insert(orderLines)
      .values({
        orderId: order?.id as number,
        productId: product?.id as number,
        position: 0,
        reference: 'BT-99999',
        name: 'Producto nuevo',
        format: '30 cápsulas',
        quantity: 1,
        unitPriceCents: 1000,
        priceCents: 1000,
        netCents: 1000,
        vatRate: 10,
      })
      .returning({ id: orderLines.id });
    expect(line?.id).toBeGreaterThan(1);
    await database.db.execute(sql`insert into carts (client_id) values (1)`);
    await database.db.execute(sql`insert into categories (name, slug) values ('Nueva', 'nueva')`);
  });

  it('reseeds after a reset, and the truncation restarts the identities', async () => {
    const data = generateDemoData({ products: 60, seed: 'reset', now: NOW, passwordHash: 'x' });
    const report = await seedDatabase(database.db, data, { reset: true });
    expect(report.counts.products).toBe(60);
    expect((await countRows(database)).products).toBe(60);

    await truncateAll(database.db);
    expect(await hasAnyRows(database.db)).toBe(false);
    const [row] = await database.db
      .insert(products)
      .values({
        reference: 'BT-00001',
        name: 'Primero',
        slug: 'primero',
        description: '',
        format: '50 ml',
        priceCents: 500,
        vatRate: 21,
        stockUnits: 1,
      })
      .returning({ id: products.id });
    expect(row?.id).toBe(1);
  });
});
