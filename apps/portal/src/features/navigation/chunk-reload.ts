/**
 * A failed dynamic import (a new deployment replaced the chunks) reloads the page, at most once per
 * 60 seconds (spec §4), so a broken deployment cannot make the page reload in a loop.
 */
import { CHUNK_RELOAD_INTERVAL_MS, CHUNK_RELOAD_STORAGE_KEY } from '@botica/domain';

// Declared in the product's cookie and storage list (the cookie policy shows it).
const KEY = CHUNK_RELOAD_STORAGE_KEY;

/** Whether an error is a chunk that could not be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  );
}

/**
 * Reloads (through `reload`) when the error is a chunk-loading failure and no reload happened in
 * the last 60 s; returns whether it did.
 */
export function reloadOnChunkError(
  error: unknown,
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  reload: () => void,
  now: number = Date.now(),
): boolean {
  if (!isChunkLoadError(error)) return false;
  const last = Number(storage.getItem(KEY) ?? 0);
  if (now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
  storage.setItem(KEY, String(now));
  reload();
  return true;
}
