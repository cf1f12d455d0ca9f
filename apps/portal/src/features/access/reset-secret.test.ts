import { describe, expect, it } from 'vitest';
import { forgetResetSecret, keepResetSecret, resetSecret } from './reset-secret.ts';

function fakeStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    values,
  };
}

describe('the secret of a reset link', () => {
  it('is kept for the tab, a newer link replacing it, until forgotten', () => {
    const storage = fakeStorage();
    expect(resetSecret(storage)).toBeNull();
    keepResetSecret(' first ', storage);
    expect(resetSecret(storage)).toBe('first');
    keepResetSecret('second', storage);
    expect(resetSecret(storage)).toBe('second');
    forgetResetSecret(storage);
    expect(resetSecret(storage)).toBeNull();
  });

  it('is nothing for an empty secret in the link', () => {
    const storage = fakeStorage();
    keepResetSecret('old', storage);
    keepResetSecret('  ', storage);
    expect(resetSecret(storage)).toBeNull();
    expect(storage.values.size).toBe(0);
  });
});
