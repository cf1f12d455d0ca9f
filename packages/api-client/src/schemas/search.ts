/** `POST /api/v1/search`: the search box, in Algolia's shape (page zero-based, 20 hits a page). */
import { SEARCH_QUERY_MAX_LENGTH } from '@botica/domain';
import * as z from 'zod/mini';
import { IdSchema } from './common.ts';

export const SearchRequestSchema = z.strictObject({
  query: z.string().check(z.maxLength(SEARCH_QUERY_MAX_LENGTH)),
  page: z.optional(z.int().check(z.gte(0), z.lte(10_000))),
});
export type SearchRequest = z.infer<typeof SearchRequestSchema>;

export const SearchHitSchema = z.object({
  id: IdSchema,
  name: z.string(),
  reference: z.string(),
  image: z.object({ miniproduct: z.string() }),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

export const SearchResponseSchema = z.object({
  hits: z.array(SearchHitSchema),
  page: z.int().check(z.gte(0)),
  nbPages: z.int().check(z.gte(0)),
  nbHits: z.int().check(z.gte(0)),
  hitsPerPage: z.int().check(z.gte(1)),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
