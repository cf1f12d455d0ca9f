/**
 * `GET /api/v1/driver/showcase`: the laboratory's showcase on the portal's home page, the active
 * banners and the featured products with the logged-in client's prices.
 */
import { ShowcaseResponseSchema } from '@botica/api-client/schemas';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { selectRows } from '../db/database.ts';
import { banners } from '../db/schema.ts';
import { requireClient } from '../http/guards.ts';
import { output } from '../http/validation.ts';
import {
  clientConditions,
  PRICED_COLUMNS,
  type PricedProductRow,
  pricedProducts,
  productSummary,
} from '../pricing/pricing-service.ts';

/** How many featured products the home page shows. */
export const FEATURED_COUNT = 8;

export function registerShowcaseRoutes(app: FastifyInstance, context: AppContext): void {
  app.get('/api/v1/driver/showcase', async (request) => {
    const user = requireClient(request);
    const conditions = await clientConditions(context.db, user.clientId);
    const [bannerRows, featured] = await Promise.all([
      context.db
        .select()
        .from(banners)
        .where(eq(banners.isActive, true))
        .orderBy(asc(banners.position), asc(banners.id)),
      selectRows<PricedProductRow>(
        context.db,
        sql`select ${PRICED_COLUMNS} from ${pricedProducts(conditions.discountGroupId)}
            where p.is_active and p.is_featured
            order by p.stock_units = 0, p.name, p.id
            limit ${FEATURED_COUNT}`,
      ),
    ]);
    return output(ShowcaseResponseSchema, {
      data: {
        banners: bannerRows.map(({ id, title, text, href, hue }) => ({ id, title, text, href, hue })),
        featured: featured.map((row) => productSummary(row, context.settings.publicUrl)),
      },
    });
  });
}
