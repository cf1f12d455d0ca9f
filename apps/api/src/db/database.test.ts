import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenDatabase, openDatabase, selectRows } from './database.ts';
import { products } from './schema.ts';

describe('the embedded database', () => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
  });
  afterAll(() => database.close());

  it('applies the migrations, constraints included', async () => {
    const base = { description: '', format: '60 cápsulas', priceCents: 1250, stockUnits: 10 };
    await database.db.insert(products).values({
      ...base,
      reference: 'BT-00123',
      name: 'Equinácea Forte',
      slug: 'equinacea-forte',
      vatRate: 10,
    });
    await expect(
      database.db.insert(products).values({ ...base, reference: 'BT-9', name: 'X', slug: 'x', vatRate: 7 }),
    ).rejects.toThrow();
  });

  it('matches names regardless of accents, case and one typo', async () => {
    const rows = await selectRows<{ similarity: number }>(
      database.db,
      sql`select word_similarity(botica_normalise('EQUINASEA'), botica_normalise(name)) as similarity from products`,
    );
    expect(rows[0]?.similarity).toBeGreaterThanOrEqual(0.5);
  });
});
