/**
 * Password hashing with scrypt from node:crypto (memory-hard), stored as
 * `scrypt$N$r$p$salt$hash` with base64url salt and hash, so the cost can rise without a migration;
 * and the check of a new password.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { passwordConfirmationProblem, passwordProblem } from '@botica/domain';
import { HttpError } from '../http/errors.ts';

const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const MAX_MEMORY = 128 * COST.N * COST.r * 2;

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem: MAX_MEMORY * 2 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes a password with a fresh random salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST.N, COST.r, COST.p);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Checks a password against a stored hash in constant time; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  if (![N, R, P].every(Number.isSafeInteger) || N > 2 ** 20 || R > 32 || P > 16) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), N, R, P);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * A new password's problems by field, as a reset and a change both check it (@botica/domain's rules):
 * throws the 422 with the first message and every field's, or returns when there is none. `extra`
 * holds problems a form found in its other fields, listed first.
 */
export function checkNewPassword(
  fields: { password: string; password_confirmation: string },
  username: string,
  extra: Record<string, string[]> = {},
): void {
  const errors: Record<string, string[]> = { ...extra };
  const problem = passwordProblem(fields.password, { username });
  if (problem) errors.password = [problem];
  const mismatch = passwordConfirmationProblem(fields.password, fields.password_confirmation);
  if (mismatch) errors.password_confirmation = [mismatch];
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new HttpError(422, first, errors);
}
