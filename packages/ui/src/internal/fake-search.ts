/** A fake `POST /api/v1/search` for stories and tests: 20 hits a page over a generated catalogue. */
import { SEARCH_HITS_PER_PAGE } from '@botica/domain';
import type { SearchHit, SearchResultsPage } from '../types.ts';
import { searchHits } from './fixtures.ts';

const plants = [
  'Equinácea',
  'Valeriana',
  'Cúrcuma',
  'Harpagofito',
  'Ginkgo',
  'Espino blanco',
  'Cola de caballo',
];
const forms = [
  '60 cápsulas',
  '30 comprimidos',
  'Extracto fluido 50 ml',
  'Infusión 20 filtros',
  'Tintura 100 ml',
];

/** The six demo products plus 60 generated ones. */
export const catalogueHits: SearchHit[] = [
  ...searchHits,
  ...Array.from({ length: 60 }, (_, index) => {
    const plant = plants[index % plants.length] as string;
    const form = forms[index % forms.length] as string;
    const hit = searchHits[index % searchHits.length] as SearchHit;
    return {
      id: 1000 + index,
      name: `${plant} ${form}`,
      reference: `BT-${7000 + index}`,
      image: hit.image ?? null,
    };
  }),
];

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Finds hits whose name or reference contains the query (accents and case ignored). */
export function fakeSearch(query: string, page: number, delayMs = 150): Promise<SearchResultsPage> {
  const matches = catalogueHits.filter(
    (hit) => fold(hit.name).includes(fold(query)) || fold(hit.reference ?? '').startsWith(fold(query)),
  );
  const nbPages = Math.ceil(matches.length / SEARCH_HITS_PER_PAGE);
  const hits = matches.slice(page * SEARCH_HITS_PER_PAGE, (page + 1) * SEARCH_HITS_PER_PAGE);
  return new Promise((resolve) =>
    setTimeout(() => resolve({ hits, page, nbPages, nbHits: matches.length }), delayMs),
  );
}
