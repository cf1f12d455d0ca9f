/**
 * Access without a session (spec §7 "Access", issue 16): `POST /api/v1/register`,
 * `/password/send_reset`, `/password/check_reset` and `/password/reset`. Anonymous, CSRF-checked like
 * login (every POST is). `register` and `send_reset` answer the same sentence, status and (at least
 * `ACCESS_ANSWER_MS`) time whatever they find; both are limited per address (and `send_reset` per
 * username; `register`'s messages over all addresses).
 */
import {
  ACCESS_MESSAGES,
  AccessAnswerSchema,
  CheckResetRequestSchema,
  CheckResetResponseSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  SendResetRequestSchema,
} from '@botica/api-client/schemas';
import {
  normaliseUsername,
  passwordConfirmationProblem,
  passwordProblem,
  registrationProblems,
} from '@botica/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { clearUsernameLock, limitAttempt } from '../auth/attempt-limits.ts';
import { hashPassword } from '../auth/password.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/database.ts';
import { passwordResets, sessions, users } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import type { RateLimiter } from '../http/rate-limit.ts';
import { output, parse } from '../http/validation.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { MailSender } from '../mail/sender.ts';
import { composeMail } from '../mail/template.ts';
import { resetMail } from './access-mail.ts';
import { answerNoSoonerThan, portalOrigin, resetLink } from './links.ts';
import { consumeSecret, findSecretUser, issuePasswordSecret } from './password-secrets.ts';
import { storeRegistration } from './registrations.ts';

const invalidSecret = () =>
  new HttpError(422, ACCESS_MESSAGES.resetLinkInvalid, { secret: [ACCESS_MESSAGES.resetLinkInvalid] });

export function registerAccessRoutes(
  app: FastifyInstance,
  context: AppContext,
  limiter: RateLimiter,
  mailSender: MailSender,
): void {
  const { settings } = context;

  app.post('/api/v1/register', async (request, reply) => {
    const started = performance.now();
    const body = parse(RegisterRequestSchema, request.body);
    const problems = registrationProblems(body);
    const first = Object.values(problems)[0];
    if (first) {
      const errors = Object.fromEntries(
        Object.entries(problems).map(([field, problem]) => [field, [problem]]),
      );
      throw new HttpError(422, first, errors);
    }
    // Per address (and per day): refused beyond. Over every address, an hour's worth of messages: a
    // flood from many addresses can neither bury the sales administration's inbox nor shut the door
    // on the pharmacies asking meanwhile; their requests are kept, without messages, for review.
    await limitAttempt(limiter, settings, 'register', { address: request.clientAddress });
    const sendMail = await limiter
      .attempt('register', [
        { scope: 'all', key: 'all', limit: settings.registrationsPerHour, windowSeconds: 3600 },
      ])
      .then(
        () => true,
        (error: unknown) => {
          if (error instanceof HttpError && error.status === 429) return false;
          throw error;
        },
      );
    if (!sendMail)
      request.log.warn('registration kept for review without messages: the hour’s budget is spent');
    await storeRegistration(context, body, request.clientAddress, { sendMail });
    mailSender.nudge();
    await answerNoSoonerThan(started, settings.accessAnswerMs);
    return reply.code(202).send(output(AccessAnswerSchema, { message: ACCESS_MESSAGES.registered }));
  });

  app.post('/api/v1/password/send_reset', async (request, reply) => {
    const started = performance.now();
    const body = parse(SendResetRequestSchema, request.body);
    const username = normaliseUsername(body.username);
    await limitAttempt(limiter, settings, 'send_reset', { username, address: request.clientAddress });
    const [user] = await context.db
      .select({ id: users.id, name: users.name, username: users.username, email: users.email })
      .from(users)
      .where(sql`lower(${users.username}) = ${username} and ${users.isActive}`)
      .limit(1);
    if (user?.email) {
      const origin = portalOrigin(settings, request);
      const now = context.now();
      await context.db.transaction(async (tx) => {
        const db = tx as unknown as Database;
        const { secret, expiresAt } = await issuePasswordSecret(db, user.id, 'reset', now);
        await enqueueMail(
          db,
          {
            kind: 'password_reset',
            to: user.email as string,
            mail: composeMail(settings.laboratory, resetMail(user, resetLink(origin, secret))),
            discardAfter: expiresAt,
          },
          now,
        );
      });
      mailSender.nudge();
    }
    await answerNoSoonerThan(started, settings.accessAnswerMs);
    return reply.code(202).send(output(AccessAnswerSchema, { message: ACCESS_MESSAGES.resetSent }));
  });

  app.post('/api/v1/password/check_reset', async (request) => {
    const body = parse(CheckResetRequestSchema, request.body);
    const user = await findSecretUser(context.db, body.secret, context.now());
    // The holder of a live secret may set that user's password: telling it the username (to log in
    // with afterwards) gives away nothing it could not use already.
    return output(
      CheckResetResponseSchema,
      user ? { valid: true, purpose: user.purpose, username: user.username } : { valid: false },
    );
  });

  app.post('/api/v1/password/reset', async (request) => {
    const body = parse(ResetPasswordRequestSchema, request.body);
    const user = await findSecretUser(context.db, body.secret, context.now());
    if (!user) throw invalidSecret();
    const errors: Record<string, string[]> = {};
    const problem = passwordProblem(body.password, { username: user.username });
    if (problem) errors.password = [problem];
    const mismatch = passwordConfirmationProblem(body.password, body.password_confirmation);
    if (mismatch) errors.password_confirmation = [mismatch];
    const first = Object.values(errors)[0]?.[0];
    if (first) throw new HttpError(422, first, errors);
    const passwordHash = await hashPassword(body.password);
    const changed = await context.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      // The secret is used up here, not when it was checked above: of two resets with one secret
      // (a double click, two tabs), exactly one changes the password.
      const userId = await consumeSecret(db, body.secret, context.now());
      if (userId === null) return false;
      await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
      await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
      // Every session of the user ends, on every device: whoever knew the old password is out.
      await db.delete(sessions).where(eq(sessions.userId, userId));
      return true;
    });
    if (!changed) throw invalidSecret();
    // Whoever held the pharmacy out by failing its logins holds it out no longer.
    await clearUsernameLock(limiter, user.username);
    request.log.info({ userId: user.userId }, 'password reset: password changed, sessions ended');
    const message = user.purpose === 'reset' ? ACCESS_MESSAGES.resetDone : ACCESS_MESSAGES.firstPasswordSet;
    return output(AccessAnswerSchema, { message });
  });
}
