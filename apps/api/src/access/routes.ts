/**
 * Access without a session: `POST /api/v1/register`,
 * `/password/send_reset`, `/password/check_reset` and `/password/reset`. Anonymous, CSRF-checked like
 * login (every POST is). `register` and `send_reset` answer the same sentence, status and (at least
 * `ACCESS_ANSWER_MS`) time whatever they find; both are limited per address (and `send_reset` per
 * username; `register`'s messages over all addresses).
 */
import { REGISTRATION_DECISION_MESSAGES, registrations } from '@botica/api-client/admin';
import { access } from '@botica/api-client/endpoints';
import { ACCESS_MESSAGES } from '@botica/api-client/schemas';
import { normaliseUsername, registrationProblems } from '@botica/domain';
import type { FastifyInstance } from 'fastify';
import { clientWithSalesRep } from '../accounts/accounts-service.ts';
import { portalOrigin } from '../accounts/links.ts';
import { checkNewPassword } from '../accounts/password.ts';
import { findSecretUser } from '../accounts/password-secrets.ts';
import { clearUsernameLock, limitAttempt } from '../auth/attempt-limits.ts';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import { HttpError } from '../http/errors.ts';
import { resetPassword, sendPasswordReset } from './access-service.ts';
import { answerNoSoonerThan } from './links.ts';
import {
  approveRegistration,
  type DecisionProblem,
  type DecisionResult,
  describeRegistrations,
  findRegistration,
  listRegistrations,
  rejectRegistration,
  storeRegistration,
} from './registrations-service.ts';

const invalidSecret = () =>
  new HttpError(422, ACCESS_MESSAGES.resetLinkInvalid, { secret: [ACCESS_MESSAGES.resetLinkInvalid] });

/** A decision's refusal: 404 for an unknown request, 409 with the reason for the others. */
function decisionRefusal(problem: DecisionProblem): HttpError {
  switch (problem) {
    case 'not-found':
      return new HttpError(404, REGISTRATION_DECISION_MESSAGES.notFound);
    case 'not-pending':
      return new HttpError(409, REGISTRATION_DECISION_MESSAGES.alreadyDecided);
    case 'username-taken':
      return new HttpError(409, REGISTRATION_DECISION_MESSAGES.usernameTaken);
    case 'client-has-main-user':
      return new HttpError(409, REGISTRATION_DECISION_MESSAGES.clientHasMainUser);
  }
}

export function registerAccessRoutes(app: FastifyInstance, context: RouteContext): void {
  // The back office: the laboratory's staff read the requests (the pending ones, or all).
  route(app, registrations.list, async ({ query }) => ({
    data: await describeRegistrations(context, await listRegistrations(context, query.status === 'all')),
  }));

  const { settings, limiter } = context;

  // The decision: the same service as the command line, audited with the staff member who made it.
  const decided = async (id: number, result: DecisionResult) => {
    if (!result.ok) throw decisionRefusal(result.problem);
    context.mail.nudge();
    const row = await findRegistration(context, id);
    if (!row) throw decisionRefusal('not-found');
    const [data] = await describeRegistrations(context, [row]);
    if (!data) throw decisionRefusal('not-found');
    return data;
  };

  route(app, registrations.approve, async ({ params, user, request }) => {
    const result = await approveRegistration(context, params.id, portalOrigin(settings, request), {
      actor: { id: user.id, username: user.username },
    });
    const data = await decided(params.id, result);
    if (!result.ok || result.clientId === undefined || result.userId === undefined)
      throw new Error('an approval without its client and user');
    const { client } = await clientWithSalesRep(context, result.clientId);
    return {
      data,
      client: { id: client.id, name: client.name, code: client.erpCode, created: result.created === true },
      user: { id: result.userId, username: data.username },
    };
  });

  route(app, registrations.reject, async ({ params, body, user }) => {
    const result = await rejectRegistration(context, params.id, {
      reason: body.reason,
      actor: { id: user.id, username: user.username },
    });
    return { data: await decided(params.id, result), client: null, user: null };
  });

  route(app, access.register, async ({ body, request }) => {
    const started = performance.now();
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
    await storeRegistration(context, body, request.clientAddress, {
      sendMail,
      origin: portalOrigin(settings, request),
    });
    context.mail.nudge();
    await answerNoSoonerThan(started, settings.accessAnswerMs);
    return { message: ACCESS_MESSAGES.registered };
  });

  route(app, access.sendReset, async ({ body, request }) => {
    const started = performance.now();
    const username = normaliseUsername(body.username);
    await limitAttempt(limiter, settings, 'send_reset', { username, address: request.clientAddress });
    if (await sendPasswordReset(context, { username, origin: portalOrigin(settings, request) }))
      context.mail.nudge();
    await answerNoSoonerThan(started, settings.accessAnswerMs);
    return { message: ACCESS_MESSAGES.resetSent };
  });

  route(app, access.checkReset, async ({ body }) => {
    const user = await findSecretUser(context, body.secret);
    // The holder of a live secret may set that user's password: telling it the username (to log in
    // with afterwards) gives away nothing it could not use already.
    if (!user) return { valid: false };
    const answer = { valid: true, purpose: user.purpose, username: user.username };
    // The laboratory's staff log in to the back office, which the portal's login refuses them.
    return user.role === 'client' ? answer : { ...answer, login_path: '/backoffice/login' as const };
  });

  route(app, access.resetPassword, async ({ body, request }) => {
    const user = await findSecretUser(context, body.secret);
    if (!user) throw invalidSecret();
    checkNewPassword(body, user.username);
    // The secret is used up by `resetPassword`, not when it was checked above: of two resets with one
    // secret (a double click, two tabs), exactly one changes the password and ends the sessions.
    const changed = await resetPassword(context, { secret: body.secret, password: body.password });
    if (changed === null) throw invalidSecret();
    // Whoever held the pharmacy out by failing its logins holds it out no longer.
    await clearUsernameLock(limiter, user.username);
    request.log.info({ userId: user.userId }, 'password reset: password changed, sessions ended');
    const message = user.purpose === 'reset' ? ACCESS_MESSAGES.resetDone : ACCESS_MESSAGES.firstPasswordSet;
    return { message };
  });
}
