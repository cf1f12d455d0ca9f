/**
 * The search box (`POST /api/v1/search`, in Algolia's shape: page zero-based, 20 hits a page) and the
 * catalogue listing's text filter: both match and rank products by text as `text-match.ts` says.
 */
import type { SearchResponse } from '@botica/api-client/schemas';
import { SEARCH_HITS_PER_PAGE } from '@botica/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { CoreContext } from '../context.ts';
import { preparedStatement, selectRows } from '../db/database.ts';
import { pictureVersionSql, productImage } from '../pricing/pricing-service.ts';
import { anyMatch, cleanQuery, type TextMatch, textMatch } from './text-match.ts';

interface HitRow {
  id: number;
  name: string;
  reference: string;
  image_count: number;
  picture_version: string | null;
  total: number | string;
}

/** The ranking of the matches of a text: best tier first, the matches with typos by similarity. */
function relevance(match: TextMatch): SQL {
  return sql`${match.tier}, case when ${match.tier} = 5 then ${match.score} else 1 end desc`;
}

/** A text filter of the catalogue listing: the products it keeps and their order by relevance. */
export interface TextFilter {
  /** The condition on the products `p`. */
  where: SQL;
  /** The relevance order (best first), to follow with a tie-break. */
  relevance: SQL;
}

/**
 * The catalogue listing's text filter: the exact and the typo-tolerant matches of a text together,
 * or undefined for a text of only spaces (no filter).
 */
export function textFilter(text: string): TextFilter | undefined {
  const cleaned = cleanQuery(text);
  if (cleaned === '') return undefined;
  const match = textMatch(cleaned);
  return { where: anyMatch(match), relevance: relevance(match) };
}

async function searchPage(
  context: CoreContext,
  where: SQL,
  match: TextMatch,
  page: number,
): Promise<{ rows: HitRow[]; total: number }> {
  // Reads the catalogue module's `products`: the ranking is one query over the names and references.
  const rows = await selectRows<HitRow>(
    context.db,
    sql`select p.id, p.name, p.reference, p.image_count,
               ${pictureVersionSql(sql`p.id`, 1)} as picture_version, count(*) over () as total
        from products p
        where p.is_active and ${where}
        order by ${relevance(match)}, p.name, p.id
        limit ${SEARCH_HITS_PER_PAGE} offset ${page * SEARCH_HITS_PER_PAGE}`,
  );
  if (rows.length > 0 || page === 0) return { rows, total: Number(rows[0]?.total ?? 0) };
  // Past the last page: the list is empty, the total still describes the search.
  const [count] = await selectRows<{ total: number | string }>(
    context.db,
    sql`select count(*) as total from products p where p.is_active and ${where}`,
  );
  return { rows, total: Number(count?.total ?? 0) };
}

/**
 * The pricing epoch (migration 0007): statement triggers move it on inside every transaction that
 * changes `products` (names, references, images, activation), so it also versions the search answers.
 * It is the pricing module's table, read here as one primary-key row before every cached search.
 */
const readCatalogueEpoch = preparedStatement<{ epoch: string | number }>(
  'botica_search_epoch',
  sql`select epoch from pricing_epoch`,
);

/**
 * Recent answers by text and page, under one pricing epoch. Hits carry no prices, so one answer
 * serves every client. Every search reads the epoch first (one primary-key row): an epoch other than
 * the cache's empties the cache, so a product changed through any instance is never answered from an
 * older catalogue. An answer also lives `SEARCH_CACHE_SECONDS` at most.
 */
export class SearchCache {
  readonly #ttlMs: number;
  readonly #entries = new Map<string, { answer: SearchResponse; until: number }>();
  #epoch = '';
  static readonly MAX_ENTRIES = 5_000;

  constructor(ttlMs: number) {
    this.#ttlMs = ttlMs;
  }

  get enabled(): boolean {
    return this.#ttlMs > 0;
  }

  /** Moves the cache to the epoch just read (an older or newer one empties it). */
  at(epoch: string): void {
    if (epoch === this.#epoch) return;
    this.#entries.clear();
    this.#epoch = epoch;
  }

  get(key: string): SearchResponse | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.until < Date.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.answer;
  }

  /**
   * Keeps an answer computed after reading `epoch` (its rows are at least that new), unless the cache
   * has moved to another epoch meanwhile.
   */
  set(epoch: string, key: string, answer: SearchResponse): void {
    if (this.#ttlMs <= 0 || epoch !== this.#epoch) return;
    this.#entries.delete(key);
    this.#entries.set(key, { answer, until: Date.now() + this.#ttlMs });
    if (this.#entries.size > SearchCache.MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }
}

/** One page of the search box's hits for a text, from `cache` when it holds a recent answer. */
export async function searchHits(
  context: CoreContext,
  { query, page, cache }: { query: string; page: number; cache: SearchCache },
): Promise<SearchResponse> {
  const text = cleanQuery(query);
  const empty = { hits: [], page, nbPages: 0, nbHits: 0, hitsPerPage: SEARCH_HITS_PER_PAGE };
  if (text === '') return empty;
  const key = `${text.toLowerCase()}\u0000${page}`;
  let epoch = '';
  if (cache.enabled) {
    epoch = String((await readCatalogueEpoch(context.db, {}))[0]?.epoch ?? '');
    cache.at(epoch);
    const cached = cache.get(key);
    if (cached) return cached;
  }
  const match = textMatch(text);
  // Exact matches first (reference prefixes, names containing the text); the typo-tolerant
  // matches join in only when those do not fill a page, which keeps common words cheap.
  let found = await searchPage(context, match.exact, match, page);
  if (found.total < SEARCH_HITS_PER_PAGE && match.fuzzy) {
    found = await searchPage(context, sql`(${match.exact} or ${match.fuzzy})`, match, page);
  }
  const { rows, total: nbHits } = found;
  const publicUrl = context.settings.publicUrl;
  const answer: SearchResponse = {
    hits: rows.map((row) => ({
      id: row.id,
      name: row.name,
      reference: row.reference,
      image: {
        miniproduct: productImage(publicUrl, row.id, row.image_count, 1, row.picture_version).miniproduct,
      },
    })),
    page,
    nbPages: Math.ceil(nbHits / SEARCH_HITS_PER_PAGE),
    nbHits,
    hitsPerPage: SEARCH_HITS_PER_PAGE,
  };
  cache.set(epoch, key, answer);
  return answer;
}
