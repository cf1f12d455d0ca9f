/** `POST /api/v1/search`: the search box, in Algolia's shape (page zero-based, 20 hits a page). */
import { SearchRequestSchema, type SearchResponse, SearchResponseSchema } from '@botica/api-client/schemas';
import { SEARCH_HITS_PER_PAGE } from '@botica/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { productImage } from '../catalogue/pricing.ts';
import type { AppContext } from '../context.ts';
import { preparedStatement, selectRows } from '../db/database.ts';
import { requireClient } from '../http/guards.ts';
import type { HeavyRequests } from '../http/heavy-requests.ts';
import { output, parse } from '../http/validation.ts';
import { cleanQuery, type TextMatch, textMatch } from './text-match.ts';

interface HitRow {
  id: number;
  name: string;
  reference: string;
  image_count: number;
  total: number | string;
}

async function searchPage(
  context: AppContext,
  where: SQL,
  match: TextMatch,
  page: number,
): Promise<{ rows: HitRow[]; total: number }> {
  const rows = await selectRows<HitRow>(
    context.db,
    sql`select p.id, p.name, p.reference, p.image_count, count(*) over () as total
        from products p
        where p.is_active and ${where}
        order by ${match.tier}, case when ${match.tier} = 5 then ${match.score} else 1 end desc, p.name, p.id
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
class SearchCache {
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

export function registerSearchRoutes(app: FastifyInstance, context: AppContext, heavy: HeavyRequests): void {
  const cache = new SearchCache(context.settings.searchCacheSeconds * 1000);
  const search = async (request: FastifyRequest) => {
    requireClient(request);
    const body = parse(SearchRequestSchema, request.body);
    const page = body.page ?? 0;
    const text = cleanQuery(body.query);
    const empty = { hits: [], page, nbPages: 0, nbHits: 0, hitsPerPage: SEARCH_HITS_PER_PAGE };
    if (text === '') return output(SearchResponseSchema, empty);
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
    const answer = output(SearchResponseSchema, {
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
    cache.set(epoch, key, answer);
    return answer;
  };
  app.post('/api/v1/search', (request) => heavy.run(request, () => search(request)));
}
