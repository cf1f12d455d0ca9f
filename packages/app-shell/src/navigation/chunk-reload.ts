/**
 * A failed dynamic import (a new deployment replaced the chunks) reloads the page, at most once per
 * 60 seconds, so a broken deployment cannot make the page reload in a loop; never while
 * the browser is offline, where a reload shows the browser's own error page instead of the app.
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

/** What to do about a route's error: reload, wait for the connection, or show the error. */
export type ChunkErrorAction = 'reload' | 'wait-for-connection' | 'show';

/**
 * What a route's error calls for: a chunk that could not be loaded reloads the page, at most once
 * per 60 s; while the browser is offline it never does (the reload would only bring the browser's
 * own offline page and lose the app): the page says so and tries again once the connection is back.
 * Anything else, and a chunk that failed again within the 60 s, is shown as an error.
 */
export function chunkErrorAction(
  error: unknown,
  storage: Pick<Storage, 'getItem'>,
  isOnline: boolean,
  now: number = Date.now(),
): ChunkErrorAction {
  if (!isChunkLoadError(error)) return 'show';
  if (!isOnline) return 'wait-for-connection';
  const last = Number(storage.getItem(KEY) ?? 0);
  return now - last < CHUNK_RELOAD_INTERVAL_MS ? 'show' : 'reload';
}

/**
 * Reloads (through `reload`) when `chunkErrorAction` says so, and records when; returns what it
 * decided.
 */
export function reloadOnChunkError(
  error: unknown,
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  reload: () => void,
  options: { isOnline?: boolean; now?: number } = {},
): ChunkErrorAction {
  const now = options.now ?? Date.now();
  const action = chunkErrorAction(error, storage, options.isOnline ?? true, now);
  if (action === 'reload') {
    storage.setItem(KEY, String(now));
    reload();
  }
  return action;
}
