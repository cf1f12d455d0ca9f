/**
 * The list's filters and page last on screen, for an order's way back to the same list (the
 * browser's back button restores it too, from the address).
 */
let search = '';

/** Remembers the list's search (`?status=received&page=2`, or '' for none). */
export function rememberListSearch(value: string): void {
  search = value;
}

/** The list's search last on screen in this page load, or '' for the unfiltered list. */
export function lastListSearch(): string {
  return search;
}
