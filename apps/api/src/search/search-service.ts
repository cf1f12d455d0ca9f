/**
 * The search box (`POST /api/v1/search`, in Algolia's shape: page zero-based, 20 hits a page),
 * answered from the catalogue index (catalogue-index.ts) without asking the database; and the back
 * office's text filter, in SQL as `text-match.ts` says (it lists withdrawn products too, which the
 * index does not hold).
 */
import type { SearchResponse } from '@botica/api-client/schemas';
import { SEARCH_HITS_PER_PAGE } from '@botica/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { CoreContext } from '../context.ts';
import type { CatalogueIndex } from './catalogue-index.ts';
import { anyMatch, cleanQuery, type TextMatch, textMatch } from './text-match.ts';

/** The ranking of the matches of a text: best tier first, the matches with typos by similarity. */
function relevance(match: TextMatch): SQL {
  return sql`${match.tier}, case when ${match.tier} = 5 then ${match.score} else 1 end desc`;
}

/** A text filter in SQL (the back office's product list): the products it keeps and their order. */
export interface TextFilter {
  /** The condition on the products `p`. */
  where: SQL;
  /** The relevance order (best first), to follow with a tie-break. */
  relevance: SQL;
}

/**
 * The text filter of the back office's product list, in SQL: the exact and the typo-tolerant matches
 * of a text together, or undefined for a text of only spaces (no filter).
 */
export function textFilter(text: string): TextFilter | undefined {
  const cleaned = cleanQuery(text);
  if (cleaned === '') return undefined;
  const match = textMatch(cleaned);
  return { where: anyMatch(match), relevance: relevance(match) };
}

/**
 * One page of the search box's hits for a text, from the catalogue index alone: every match of the
 * text index, best first (the exact tiers, then the matches with typos), 20 a page.
 */
export async function searchHits(
  context: CoreContext,
  { query, page, index }: { query: string; page: number; index: CatalogueIndex },
): Promise<SearchResponse> {
  const text = cleanQuery(query);
  const empty = { hits: [], page, nbPages: 0, nbHits: 0, hitsPerPage: SEARCH_HITS_PER_PAGE };
  if (text === '') return empty;
  const snapshot = await index.current();
  const matches = snapshot.text.match(text);
  const nbHits = matches.length;
  const publicUrl = context.settings.publicUrl;
  const hits: SearchResponse['hits'] = [];
  const start = page * SEARCH_HITS_PER_PAGE;
  for (const position of matches.subarray(start, start + SEARCH_HITS_PER_PAGE)) {
    const product = snapshot.products[position];
    if (!product) continue;
    hits.push({
      id: product.id,
      name: product.name,
      reference: product.reference,
      image: { miniproduct: `${publicUrl}/${snapshot.miniproduct[position]}` },
    });
  }
  return {
    hits,
    page,
    nbPages: Math.ceil(nbHits / SEARCH_HITS_PER_PAGE),
    nbHits,
    hitsPerPage: SEARCH_HITS_PER_PAGE,
  };
}
