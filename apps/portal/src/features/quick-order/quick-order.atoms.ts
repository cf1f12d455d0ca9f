/**
 * The quick order's state for the visit: the grid as typed (kept when the pharmacist leaves the page
 * and comes back) and what the lookup answered for each code. Lookups are batched: the codes changed
 * since the last one, sent together after a short pause, up to 200 a call.
 */
import type { ProductLookupResult } from '@botica/api-client/schemas';
import { PRODUCT_LOOKUP_MAX_CODES } from '@botica/api-client/schemas';
import { atom } from 'jotai';
import { api } from '../../shared/api.ts';
import { appStore } from '../../shared/store.ts';
import { addCode, codesToLookUp, EMPTY_GRID, type QuickGrid } from './quick-order-grid.ts';

/** The grid as typed. */
export const quickGridAtom = atom<QuickGrid>(EMPTY_GRID);

/** The lookup's answer for every code asked so far, by code as looked up. */
export const lookupAnswersAtom = atom<ReadonlyMap<string, ProductLookupResult>>(new Map());

/** The codes on their way to the server. */
const inFlightAtom = atom<ReadonlySet<string>>(new Set<string>());

/** Set when a lookup failed (the network, the server): the codes stay unanswered until retried. */
export const lookupFailedAtom = atom(false);

/** How long typing may pause before the changed codes are looked up. */
export const LOOKUP_PAUSE_MS = 300;

/**
 * Looks up every code of the grid without an answer, in calls of up to 200 codes, and keeps the
 * answers. A failed call leaves its codes unanswered and says so (`lookupFailedAtom`).
 */
export const lookUpCodesAtom = atom(null, async (get, set): Promise<void> => {
  const codes = codesToLookUp(get(quickGridAtom), get(lookupAnswersAtom), get(inFlightAtom));
  if (codes.length === 0) return;
  set(inFlightAtom, (current) => new Set([...current, ...codes]));
  set(lookupFailedAtom, false);
  const batches: string[][] = [];
  for (let at = 0; at < codes.length; at += PRODUCT_LOOKUP_MAX_CODES) {
    batches.push(codes.slice(at, at + PRODUCT_LOOKUP_MAX_CODES));
  }
  await Promise.all(
    batches.map(async (batch) => {
      try {
        const answer = await api.quickOrder.lookup({ codes: batch });
        set(lookupAnswersAtom, (current) => {
          const next = new Map(current);
          for (const result of answer.data) next.set(result.code, result);
          return next;
        });
      } catch {
        set(lookupFailedAtom, true);
      } finally {
        set(inFlightAtom, (current) => new Set([...current].filter((code) => !batch.includes(code))));
      }
    }),
  );
});

/** Empties the grid (after its lines went to the cart). */
export const clearQuickGridAtom = atom(null, (_get, set, grid: QuickGrid = EMPTY_GRID) => {
  set(quickGridAtom, grid);
});

/** A code read by a scanner: one unit more on its line, or a new line (see `addCode`). */
export const addScannedCodeAtom = atom(null, (_get, set, code: string) => {
  set(quickGridAtom, (grid) => addCode(grid, code));
});

/**
 * Adds a scanned code (an EAN from a box, a CN, a reference) to the quick order's grid: the same
 * code again adds one unit to its line. The page looks it up as it does a typed one.
 * @example addScannedCode('8470001234568')
 */
export function addScannedCode(code: string): void {
  appStore.set(addScannedCodeAtom, code);
}
