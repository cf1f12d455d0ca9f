/**
 * The photo the portal's product page shows first: that page's largest paint, which only the
 * database knows. The portal server preloads it with the page (portal/serve-portal.ts), so it loads
 * together with the scripts instead of after the product has been fetched and rendered.
 */
import { sql } from 'drizzle-orm';
import type { CoreContext } from '../context.ts';
import { selectRows } from '../db/database.ts';
import { productImage } from './pricing.ts';

/** The first photo of the product of a `/products/{id}` page, or null for any other path. */
export async function productPagePhoto(context: CoreContext, path: string): Promise<string | null> {
  const match = /^\/products\/([1-9]\d{0,8})\/?$/.exec(path);
  if (!match) return null;
  const id = Number(match[1]);
  const [row] = await selectRows<{ image_count: number }>(
    context.db,
    sql`select image_count from products where id = ${id} and is_active`,
  );
  return row ? productImage(context.settings.publicUrl, id, row.image_count).full : null;
}
