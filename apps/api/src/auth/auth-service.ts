/**
 * A user's own password change (`PUT /api/v1/user/change_password`): the current password checked,
 * then the new one set with every session of the user ended and the links asked for before undone, in
 * one transaction. The users and their password links are the accounts module's.
 */
import { setUserPassword, userPasswordHash } from '../accounts/accounts-service.ts';
import { hashPassword, verifyPassword } from '../accounts/password.ts';
import { forgetPasswordSecrets } from '../accounts/password-secrets.ts';
import { type CoreContext, inTransaction } from '../context.ts';
import { endUserSessions } from './sessions.ts';

/** Whether `password` is the user's current one (false when the user is gone). */
export async function isCurrentPassword(
  context: CoreContext,
  { userId, password }: { userId: number; password: string },
): Promise<boolean> {
  const passwordHash = await userPasswordHash(context, userId);
  return passwordHash !== undefined && verifyPassword(password, passwordHash);
}

/** Sets the user's new password; every session of the user ends, and every password link. */
export async function changePassword(
  context: CoreContext,
  { userId, password }: { userId: number; password: string },
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await inTransaction(context, async (tx) => {
    await setUserPassword(tx, { userId, passwordHash });
    // Every session of the user ends, the caller's included: it goes on as a new one (new cookie and
    // token), so whoever held the old password or an old cookie is out everywhere.
    await endUserSessions(tx, userId);
    // A reset link asked for before the change must not undo it.
    await forgetPasswordSecrets(tx, userId);
  });
}
