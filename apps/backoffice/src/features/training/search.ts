/** The training lists' search as the address keeps it: `?q=…&when=…&page=…`. */
import type { AdminLibraryQuery, AdminWebinarsQuery } from '@botica/api-client/admin';

export interface TrainingSearch {
  q: string;
  /** Webinars only: '' (all), 'upcoming' or 'past'. */
  when: '' | 'upcoming' | 'past';
  page: number;
}

/** The search an address holds (anything unreadable is left out). */
export function readSearch(params: URLSearchParams): TrainingSearch {
  const when = params.get('when');
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    when: when === 'upcoming' || when === 'past' ? when : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The address of the search with `changes` (a new search goes back to its first page). */
export function searchAddress(search: TrainingSearch, changes: Partial<TrainingSearch>): string {
  const next = { ...search, page: 1, ...changes };
  const params = new URLSearchParams();
  if (next.q.trim() !== '') params.set('q', next.q.trim());
  if (next.when !== '') params.set('when', next.when);
  if (next.page > 1) params.set('page', String(next.page));
  return `?${params.toString()}`;
}

/** The webinars' query of a search. */
export function webinarsQuery(search: TrainingSearch): AdminWebinarsQuery {
  return {
    ...(search.q === '' ? {} : { q: search.q }),
    ...(search.when === '' ? {} : { when: search.when }),
    ...(search.page > 1 ? { page: search.page } : {}),
  };
}

/** A library list's query of a search. */
export function libraryQuery(search: TrainingSearch): AdminLibraryQuery {
  return { ...(search.q === '' ? {} : { q: search.q }), ...(search.page > 1 ? { page: search.page } : {}) };
}
