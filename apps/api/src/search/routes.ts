/** `POST /api/v1/search`: the search box, in Algolia's shape (page zero-based, 20 hits a page). */
import { search } from '@botica/api-client/endpoints';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import type { CatalogueIndex } from './catalogue-index.ts';
import { searchHits } from './search-service.ts';

export function registerSearchRoutes(
  app: FastifyInstance,
  context: RouteContext,
  index: CatalogueIndex,
): void {
  // The search box answers from the index: its session may come from the cache (docs/decisions/034).
  context.sessions.readsFromCache(search.query);
  route(app, search.query, ({ body, request }) =>
    context.heavy.run(request, () => searchHits(context, { query: body.query, page: body.page ?? 0, index })),
  );
}
