/**
 * The secret of a reset link, kept for this tab only. The page takes it out of the address as soon
 * as it opens (a route redirect, before anything renders or a page view is counted), so it does not
 * stay in the history, in a screenshot, in a shared screen or in the analytics' page address; it
 * lives in the tab's sessionStorage instead, so a reload still works, and it goes when the tab
 * closes, when the password is set, or when the link turns out to be no longer valid.
 */

const KEY = 'botica_reset_secret';

type SecretStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The storage of the secret, or none where the browser refuses it (the secret then stays in memory). */
function tabStorage(): SecretStorage {
  try {
    return window.sessionStorage;
  } catch {
    return memory;
  }
}

const memoryValues = new Map<string, string>();
const memory: SecretStorage = {
  getItem: (key) => memoryValues.get(key) ?? null,
  setItem: (key, value) => void memoryValues.set(key, value),
  removeItem: (key) => void memoryValues.delete(key),
};

/** Keeps the secret of the link just opened (a newer link replaces an older one). */
export function keepResetSecret(secret: string, storage: SecretStorage = tabStorage()): void {
  const trimmed = secret.trim();
  if (trimmed === '') storage.removeItem(KEY);
  else storage.setItem(KEY, trimmed);
}

/** The secret kept for this tab, or null. */
export function resetSecret(storage: SecretStorage = tabStorage()): string | null {
  return storage.getItem(KEY) || null;
}

/** Forgets the secret: used, or no longer valid. */
export function forgetResetSecret(storage: SecretStorage = tabStorage()): void {
  storage.removeItem(KEY);
}
