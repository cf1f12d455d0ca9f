/**
 * The secrets of password links (`/login/reset_password?secret=…`): 32 random bytes (256 bits) as
 * base64url, stored only as their SHA-256. A secret is single use, expires (60 minutes for a reset,
 * 72 hours for an approved registration's welcome, 7 days for a sub-user's invitation),
 * and issuing a user a new one deletes the older ones, as does a successful reset.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { CoreContext } from '../context.ts';
import { passwordResets, users } from './tables.ts';

/** How long a reset link works (spec: 60 minutes). */
export const RESET_VALIDITY_MS = 60 * 60_000;
/** How long the "set your password" link of an approved registration works. */
export const WELCOME_VALIDITY_MS = 72 * 60 * 60_000;
/** How long a new sub-user's invitation (its "set your password" link) works: 7 days. */
export const INVITATION_VALIDITY_MS = 7 * 24 * 60 * 60_000;

const VALIDITY_MS = {
  reset: RESET_VALIDITY_MS,
  welcome: WELCOME_VALIDITY_MS,
  invitation: INVITATION_VALIDITY_MS,
};

/** The SHA-256 of a secret, as stored. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/**
 * Issues a user a new secret and deletes their older ones; run it in the transaction that also writes
 * the message carrying it (`now`: that change's instant). Returns the secret (never stored) and when
 * it expires.
 */
export async function issuePasswordSecret(
  context: CoreContext,
  { userId, purpose, now }: { userId: number; purpose: SecretPurpose; now: Date },
): Promise<{ secret: string; expiresAt: Date }> {
  const secret = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + VALIDITY_MS[purpose]);
  await forgetPasswordSecrets(context, userId);
  await context.db.insert(passwordResets).values({
    userId,
    secretHash: hashSecret(secret),
    purpose,
    createdAt: now,
    expiresAt,
  });
  return { secret, expiresAt };
}

/** Deletes a user's secrets (a password set otherwise must not be undone by an older link). */
export async function forgetPasswordSecrets(context: CoreContext, userId: number): Promise<void> {
  await context.db.delete(passwordResets).where(eq(passwordResets.userId, userId));
}

/** What a password secret is for: a forgotten password, or a first one (welcome, invitation). */
export type SecretPurpose = 'reset' | 'welcome' | 'invitation';

/** The user a secret may still set the password of (an active one) and what it is for, or null. */
export async function findSecretUser(
  context: CoreContext,
  secret: string,
): Promise<{
  userId: number;
  username: string;
  role: 'client' | 'sales_rep' | 'admin';
  purpose: SecretPurpose;
} | null> {
  const now = context.now();
  const [row] = await context.db
    .select({
      userId: users.id,
      username: users.username,
      role: users.role,
      isActive: users.isActive,
      purpose: passwordResets.purpose,
    })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(eq(passwordResets.secretHash, hashSecret(secret)), gt(passwordResets.expiresAt, now)))
    .limit(1);
  return row?.isActive
    ? { userId: row.userId, username: row.username, role: row.role, purpose: row.purpose }
    : null;
}

/**
 * Uses a secret up: deletes its row if it is still live and returns its user, or null (used,
 * replaced, expired, or taken by a concurrent reset a moment ago: of two, exactly one gets it).
 */
export async function consumeSecret(context: CoreContext, secret: string): Promise<number | null> {
  const now = context.now();
  const [row] = await context.db
    .delete(passwordResets)
    .where(and(eq(passwordResets.secretHash, hashSecret(secret)), gt(passwordResets.expiresAt, now)))
    .returning({ userId: passwordResets.userId });
  return row?.userId ?? null;
}
