/**
 * The limits of the access actions (login; the access issue's `send_reset` and `register`): per
 * username, per client address, and per address over a day (many usernames tried from one address).
 * Counted in the database by `RateLimiter` before the action runs; the numbers are settings
 * (`ATTEMPT_LIMIT_*`, apps/api/README.md).
 */
import type { CountedAttempt, RateLimiter, RateLimitRule } from '../http/rate-limit.ts';
import type { Settings } from '../settings/settings.ts';

/** Who is attempting: the username the attempt names (when it names one) and the client's address. */
export interface AttemptKeys {
  username?: string;
  address: string;
}

const DAY_SECONDS = 24 * 60 * 60;

/** The rules of one attempt: the username's counter (when named), the address's and its daily one. */
export function attemptRules(limits: Settings['attemptLimits'], keys: AttemptKeys): RateLimitRule[] {
  const windowSeconds = limits.windowMinutes * 60;
  const rules: RateLimitRule[] = [
    { scope: 'address', key: keys.address, limit: limits.perAddress, windowSeconds },
    { scope: 'address-day', key: keys.address, limit: limits.perAddressPerDay, windowSeconds: DAY_SECONDS },
  ];
  if (keys.username !== undefined) {
    rules.push({
      scope: 'username',
      key: keys.username.trim().toLowerCase(),
      limit: limits.perUsername,
      windowSeconds,
    });
  }
  return rules;
}

/**
 * Counts one attempt of `action` (e.g. 'login', 'send_reset', 'register'; each action has its own
 * counters) and throws the 429 when over a limit. Call it before checking anything secret; on success
 * call `refund()` when a successful attempt should not use up the allowance (a login).
 * @throws HttpError 429 with `Retry-After`, its message also under `field`.
 */
export function limitAttempt(
  limiter: RateLimiter,
  settings: Settings,
  action: string,
  keys: AttemptKeys,
  field = 'username',
): Promise<CountedAttempt> {
  return limiter.attempt(action, attemptRules(settings.attemptLimits, keys), field);
}
