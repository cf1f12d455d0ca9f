/**
 * Where the search box's and the catalogue listing's own work goes, measured in this process on the
 * benchmark's catalogue and requests (`bench.ts` prints it after a database's scenarios;
 * BENCH_COSTS=0: not): the catalogue index's parts, the pricing of a page, the answer's check against
 * its schema and its JSON, in µs per request, each timed alone over every request of the workload.
 * Set beside the server's CPU per request and its /healthz's, it says how much of a route's time is
 * its own work and how much the server spends on any request (HTTP, hooks, the socket's write).
 */
import {
  ProductSearchRequestSchema,
  ProductSearchResponseSchema,
  SearchResponseSchema,
} from '@botica/api-client/schemas';
import { sql } from 'drizzle-orm';
import { searchCatalogue, snapshotFilters } from '../src/catalogue/catalogue-service.ts';
import { type DatabaseTarget, openDatabase, selectRows } from '../src/db/database.ts';
import { configureSpanishMessages, output } from '../src/http/validation.ts';
import { productSummary } from '../src/pricing/pricing-service.ts';
import { type CatalogueIndex, loadSnapshot } from '../src/search/catalogue-index.ts';
import type { SnapshotFilters, SnapshotSort } from '../src/search/catalogue-index-snapshot.ts';
import { searchHits } from '../src/search/search-service.ts';
import { cleanQuery } from '../src/search/text-match.ts';
import { testSettings } from '../src/settings/settings.ts';
import { loadAverage } from './support.ts';

/** Rounds over the whole workload: the first warm the code up, the others are timed. */
const WARM_ROUNDS = 2;
const TIMED_ROUNDS = 5;

/** µs per call of `work` over `count` inputs. */
async function microseconds(count: number, work: (index: number) => unknown): Promise<number> {
  for (let round = 0; round < WARM_ROUNDS; round += 1)
    for (let index = 0; index < count; index += 1) await work(index);
  const started = performance.now();
  for (let round = 0; round < TIMED_ROUNDS; round += 1)
    for (let index = 0; index < count; index += 1) await work(index);
  return ((performance.now() - started) * 1000) / (TIMED_ROUNDS * count);
}

/** Prints the parts of the search's and the listing's work, in µs per request. */
export async function printRouteCosts(
  target: DatabaseTarget,
  workload: { searches: readonly string[]; listings: readonly string[] },
): Promise<void> {
  configureSpanishMessages();
  const database = await openDatabase(target, { poolSize: 1 });
  try {
    // A pharmacy with a discount group: its pages are priced with its group's prices.
    const [client] = await selectRows<{ id: number }>(
      database.db,
      sql`select id from clients where discount_group_id is not null order by id limit 1`,
    );
    const clientId = Number(client?.id ?? 0);
    const snapshot = await loadSnapshot(database.db);
    if (!snapshot) throw new Error('no catalogue to measure');
    // The routes ask the index for its current snapshot only: this one, built once.
    const index = { current: async () => snapshot } as unknown as CatalogueIndex;
    const context = { settings: testSettings() };
    const row = (label: string, value: number) =>
      console.log(`    ${label.padEnd(48)} ${value.toFixed(1).padStart(6)} µs`);

    const queries = workload.searches.map((body) => (JSON.parse(body) as { query: string }).query);
    const texts = queries.map(cleanQuery);
    const hits = await Promise.all(
      queries.map((query) => searchHits(context as never, { query, page: 0, index })),
    );
    console.log(
      `\nWhere a request's own work goes, in this process (µs per request, over the workload's requests; load ${loadAverage()} at the start):`,
    );
    console.log(`  search (${queries.length} texts):`);
    row(
      'the whole answer (searchHits)',
      await microseconds(queries.length, (i) =>
        searchHits(context as never, { query: queries[i] as string, page: 0, index }),
      ),
    );
    row(
      '  of which the text index (match)',
      await microseconds(texts.length, (i) => snapshot.text.match(texts[i] as string)),
    );
    row(
      'the answer checked against its schema',
      await microseconds(hits.length, (i) => output(SearchResponseSchema, hits[i] as never)),
    );
    row('the answer as JSON', await microseconds(hits.length, (i) => JSON.stringify(hits[i])));

    const requests = workload.listings.map((body) => ProductSearchRequestSchema.parse(JSON.parse(body)));
    const filters = requests.map((request) => snapshotFilters(snapshot, request));
    const windowOf = (i: number) => {
      const request = requests[i] as (typeof requests)[number];
      const perPage = request.per_page ?? 20;
      return { offset: ((request.page ?? 1) - 1) * perPage, limit: perPage };
    };
    const sortOf = (i: number) =>
      ((requests[i] as (typeof requests)[number]).sort ?? 'relevance') as SnapshotSort;
    const listings = requests.map((_, i) =>
      snapshot.list(filters[i] as SnapshotFilters, sortOf(i), windowOf(i)),
    );
    const answers = await Promise.all(
      requests.map((request) => searchCatalogue(context as never, { clientId, filters: request, index })),
    );
    const publicUrl = context.settings.publicUrl;
    console.log(`  listing (${requests.length} filter combinations, a page of 24):`);
    row(
      'the whole answer (searchCatalogue)',
      await microseconds(requests.length, (i) =>
        searchCatalogue(context as never, { clientId, filters: requests[i] as never, index }),
      ),
    );
    row(
      '  the text filter, when there is one (match)',
      await microseconds(requests.length, (i) => {
        const text = cleanQuery((requests[i] as (typeof requests)[number]).text ?? '');
        return text === '' ? undefined : snapshot.text.match(text);
      }),
    );
    row(
      '  filters, order, total and facet counts (list)',
      await microseconds(requests.length, (i) =>
        snapshot.list(filters[i] as SnapshotFilters, sortOf(i), windowOf(i)),
      ),
    );
    row(
      '  the page priced for the pharmacy',
      await microseconds(requests.length, (i) => {
        for (const position of (listings[i] as (typeof listings)[number]).positions) {
          const priced = snapshot.pricedRow(position, clientId);
          if (priced) productSummary(priced, publicUrl);
        }
      }),
    );
    row(
      'the answer checked against its schema',
      await microseconds(answers.length, (i) => output(ProductSearchResponseSchema, answers[i] as never)),
    );
    row('the answer as JSON', await microseconds(answers.length, (i) => JSON.stringify(answers[i])));
  } finally {
    await database.close();
  }
}
