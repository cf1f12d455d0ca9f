/**
 * The discount groups as other modules and the back office read them: every group with its
 * cart-level percent (a short table, read whole).
 */
import { asc } from 'drizzle-orm';
import type { CoreContext } from '../context.ts';
import { discountGroups } from './tables.ts';

/** A discount group: its name and cart-level discount in percent. */
export interface DiscountGroupEntry {
  id: number;
  name: string;
  discount_percent: number;
}

/** Every discount group, by name. */
export async function listDiscountGroups(context: Pick<CoreContext, 'db'>): Promise<DiscountGroupEntry[]> {
  const rows = await context.db
    .select({ id: discountGroups.id, name: discountGroups.name, percent: discountGroups.discountPercent })
    .from(discountGroups)
    .orderBy(asc(discountGroups.name), asc(discountGroups.id));
  return rows.map((row) => ({ id: row.id, name: row.name, discount_percent: Number(row.percent) }));
}
