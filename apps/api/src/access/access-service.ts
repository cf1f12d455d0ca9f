/**
 * A forgotten password: the reset link e-mailed (`send_reset`) and the password set with it (`reset`).
 * The users and the links' secrets are the accounts module's, the sessions the auth module's.
 */
import { findActiveUser, setUserPassword } from '../accounts/accounts-service.ts';
import { resetLink } from '../accounts/links.ts';
import { hashPassword } from '../accounts/password.ts';
import { consumeSecret, forgetPasswordSecrets, issuePasswordSecret } from '../accounts/password-secrets.ts';
import { endUserSessions } from '../auth/sessions.ts';
import { type CoreContext, inTransaction } from '../context.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { composeMail } from '../mail/template.ts';
import { resetMail } from './access-mail.ts';

/**
 * Queues a reset link (to `origin`'s reset page) for the active user with a normalised username, when
 * it has an e-mail address. Returns whether a message was queued (the answer is the same either way).
 */
export async function sendPasswordReset(
  context: CoreContext,
  { username, origin }: { username: string; origin: string },
): Promise<boolean> {
  const user = await findActiveUser(context, username);
  if (!user?.email) return false;
  const to = user.email;
  const now = context.now();
  await inTransaction(context, async (tx) => {
    const { secret, expiresAt } = await issuePasswordSecret(tx, { userId: user.id, purpose: 'reset', now });
    await enqueueMail(tx, {
      kind: 'password_reset',
      to,
      mail: composeMail(context.settings.laboratory, resetMail(user, resetLink(origin, secret))),
      discardAfter: expiresAt,
    });
  });
  return true;
}

/**
 * Sets a password with a live secret; every session of its user ends. Returns the user's id, or null
 * when the secret is no longer live.
 */
export async function resetPassword(
  context: CoreContext,
  { secret, password }: { secret: string; password: string },
): Promise<number | null> {
  const passwordHash = await hashPassword(password);
  return inTransaction(context, async (tx) => {
    // The secret is used up here, not when it was checked before: of two resets with one secret
    // (a double click, two tabs), exactly one changes the password.
    const userId = await consumeSecret(tx, secret);
    if (userId === null) return null;
    await setUserPassword(tx, { userId, passwordHash });
    await forgetPasswordSecrets(tx, userId);
    // Every session of the user ends, on every device: whoever knew the old password is out.
    await endUserSessions(tx, userId);
    return userId;
  });
}
