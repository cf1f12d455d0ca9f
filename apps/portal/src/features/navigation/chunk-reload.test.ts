import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadOnChunkError } from './chunk-reload.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('reload on a chunk-loading failure', () => {
  it('recognises the browsers’ chunk errors only', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/cart-1.js')),
    ).toBe(true);
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Network error'))).toBe(false);
  });

  it('reloads at most once per 60 seconds', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const error = new TypeError('Failed to fetch dynamically imported module: /a.js');
    expect(reloadOnChunkError(error, storage, reload, 1_000_000)).toBe(true);
    expect(reloadOnChunkError(error, storage, reload, 1_030_000)).toBe(false);
    expect(reloadOnChunkError(error, storage, reload, 1_060_000)).toBe(true);
    expect(reloadOnChunkError(new Error('other'), storage, reload, 2_000_000)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
