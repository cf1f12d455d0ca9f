/** `POST /api/v1/search`: the search box, in Algolia's shape (page zero-based, 20 hits a page). */
import { SearchRequestSchema, SearchResponseSchema } from '@botica/api-client/schemas';
import { SEARCH_HITS_PER_PAGE } from '@botica/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireClient } from '../auth/guards.ts';
import { productImage } from '../catalogue/pricing.ts';
import type { AppContext } from '../context.ts';
import { selectRows } from '../db/database.ts';
import { output, parse } from '../http/validation.ts';
import { cleanQuery, textMatch } from './text-match.ts';

interface HitRow {
  id: number;
  name: string;
  reference: string;
  image_count: number;
  total: number | string;
}

export function registerSearchRoutes(app: FastifyInstance, context: AppContext): void {
  app.post('/api/v1/search', async (request) => {
    requireClient(request);
    const body = parse(SearchRequestSchema, request.body);
    const page = body.page ?? 0;
    const text = cleanQuery(body.query);
    const empty = { hits: [], page, nbPages: 0, nbHits: 0, hitsPerPage: SEARCH_HITS_PER_PAGE };
    if (text === '') return output(SearchResponseSchema, empty);
    const match = textMatch(text);
    const rows = await selectRows<HitRow>(
      context.db,
      sql`select p.id, p.name, p.reference, p.image_count, count(*) over () as total
          from products p
          where p.is_active and ${match.where}
          order by ${match.tier}, ${match.score} desc, p.name, p.id
          limit ${SEARCH_HITS_PER_PAGE} offset ${page * SEARCH_HITS_PER_PAGE}`,
    );
    let nbHits = Number(rows[0]?.total ?? 0);
    if (rows.length === 0 && page > 0) {
      // Past the last page: the list is empty, the totals still describe the search.
      const [count] = await selectRows<{ total: number | string }>(
        context.db,
        sql`select count(*) as total from products p where p.is_active and ${match.where}`,
      );
      nbHits = Number(count?.total ?? 0);
    }
    const publicUrl = context.settings.publicUrl;
    return output(SearchResponseSchema, {
      hits: rows.map((row) => ({
        id: row.id,
        name: row.name,
        reference: row.reference,
        image: { miniproduct: productImage(publicUrl, row.id, row.image_count).miniproduct },
      })),
      page,
      nbPages: Math.ceil(nbHits / SEARCH_HITS_PER_PAGE),
      nbHits,
      hitsPerPage: SEARCH_HITS_PER_PAGE,
    });
  });
}
