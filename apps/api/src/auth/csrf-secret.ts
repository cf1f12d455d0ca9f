/**
 * The key that signs the anonymous visitors' CSRF tokens (`sessions.ts`). Every instance behind one
 * database must use the same key, or a token handed out by one would be refused by another:
 * - `CSRF_SECRET` when set (at least 32 characters; the same value on every instance);
 * - otherwise the `settings` row `csrf_secret`, created once with a random value by whichever instance
 *   asks first (`insert … on conflict do nothing`, then a read: of instances asking at once, one
 *   inserts, the others wait on the key's unique index and then read the winner's value).
 * The key is read once per process. Rotating it (a new `CSRF_SECRET`, or deleting the row) takes a
 * restart of every instance and turns the anonymous tokens handed out before into 419s (the portal
 * fetches a new one before every POST); logged-in sessions keep their stored tokens.
 */
import { randomBytes } from 'node:crypto';
import { claimServerSetting } from '../configurations/configuration-service.ts';
import type { CoreContext } from '../core-context.ts';

/** The `settings` row holding the generated key. */
export const CSRF_SECRET_KEY = 'csrf_secret';

/** Reads (or first creates) the key; `CSRF_SECRET` wins when set. */
export async function loadCsrfSecret(context: CoreContext): Promise<Buffer> {
  const configured = context.settings.csrfSecret;
  if (configured !== undefined) return Buffer.from(configured, 'utf8');
  const generated = randomBytes(32).toString('base64url');
  const value = await claimServerSetting(context, CSRF_SECRET_KEY, generated);
  if (value === undefined || value.length < 32)
    throw new Error('the settings row csrf_secret is missing or too short');
  return Buffer.from(value, 'utf8');
}

/**
 * The key, read at the first call and kept; a failed read (the database down) is not kept, so the
 * next call tries again.
 */
export function csrfSecret(context: CoreContext): () => Promise<Buffer> {
  let pending: Promise<Buffer> | undefined;
  return () => {
    pending ??= loadCsrfSecret(context).catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
