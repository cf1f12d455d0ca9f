/** The one lock order of the catalogue's writers (the pricing epoch's row is the pricing module's). */
import { sql } from 'drizzle-orm';
import { type Database, selectRows } from './database.ts';

/**
 * Locks the pricing epoch's row until the transaction ends, and answers where it stands. Every
 * transaction that writes what the epoch covers (products, their categories, tags, pictures, prices,
 * volume rules, discount groups) takes it FIRST, before any row of those tables: the tables' statement
 * triggers lock it anyway at their first write, so a writer that locked a product row before would wait
 * for the epoch while another writer that holds the epoch waits for that product (a deadlock: the back
 * office's save against the ERP's stock batch). One lock order, the epoch first, leaves none.
 */
export async function lockPricingEpoch(db: Database): Promise<number> {
  const [row] = await selectRows<{ epoch: string | number }>(
    db,
    sql`select epoch from pricing_epoch where id for update`,
  );
  return Number(row?.epoch ?? 0);
}
