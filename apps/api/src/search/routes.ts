/** `POST /api/v1/search`: the search box, in Algolia's shape (page zero-based, 20 hits a page). */
import { SearchRequestSchema, SearchResponseSchema } from '@botica/api-client/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteContext } from '../context.ts';
import { requireClient } from '../http/guards.ts';
import { output, parse } from '../http/validation.ts';
import { SearchCache, searchHits } from './search-service.ts';

export function registerSearchRoutes(app: FastifyInstance, context: RouteContext): void {
  const cache = new SearchCache(context.settings.searchCacheSeconds * 1000);
  const search = async (request: FastifyRequest) => {
    requireClient(request);
    const body = parse(SearchRequestSchema, request.body);
    return output(
      SearchResponseSchema,
      await searchHits(context, { query: body.query, page: body.page ?? 0, cache }),
    );
  };
  app.post('/api/v1/search', (request) => context.heavy.run(request, () => search(request)));
}
