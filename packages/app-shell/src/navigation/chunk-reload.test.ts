import { CHUNK_RELOAD_STORAGE_KEY } from '@botica/domain';
import { describe, expect, it, vi } from 'vitest';
import { chunkErrorAction, isChunkLoadError, reloadOnChunkError } from './chunk-reload.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

const chunkError = new TypeError('Failed to fetch dynamically imported module: /assets/cart-1.js');

describe('reload on a chunk-loading failure', () => {
  it('recognises the browsers’ chunk errors only', () => {
    expect(isChunkLoadError(chunkError)).toBe(true);
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Network error'))).toBe(false);
  });

  it('reloads at most once per 60 seconds', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnChunkError(chunkError, storage, reload, { now: 1_000_000 })).toBe('reload');
    expect(reloadOnChunkError(chunkError, storage, reload, { now: 1_030_000 })).toBe('show');
    expect(reloadOnChunkError(chunkError, storage, reload, { now: 1_060_000 })).toBe('reload');
    expect(reloadOnChunkError(new Error('other'), storage, reload, { now: 2_000_000 })).toBe('show');
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads while the browser is offline, and keeps its once-a-minute turn for later', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnChunkError(chunkError, storage, reload, { isOnline: false, now: 1_000_000 })).toBe(
      'wait-for-connection',
    );
    expect(reload).not.toHaveBeenCalled();
    // Back online, the same failure may reload at once: waiting did not use up the turn.
    expect(reloadOnChunkError(chunkError, storage, reload, { isOnline: true, now: 1_001_000 })).toBe(
      'reload',
    );
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offline, any chunk failure waits for the connection, even right after a reload', () => {
    const storage = memoryStorage();
    storage.setItem(CHUNK_RELOAD_STORAGE_KEY, '1000000');
    expect(chunkErrorAction(chunkError, storage, false, 1_000_500)).toBe('wait-for-connection');
    expect(chunkErrorAction(new Error('Network error'), storage, false, 1_000_500)).toBe('show');
  });
});
