/**
 * The limits of the access actions (login, `send_reset` and `register`): per
 * username, per client address, and per address over a day (many usernames tried from one address);
 * a login from a browser with a device cookie for the username (`device-cookie.ts`) is counted in
 * that device's own budget instead. Counted in the database by `RateLimiter` before the action runs;
 * the numbers are settings (`ATTEMPT_LIMIT_*`, apps/api/README.md).
 *
 * The address is counted first, and the username only when the address is within its limits: an
 * address over its limit is refused from memory without a statement, so a flood of attempts naming
 * ever new usernames adds at most `perAddressPerDay` username rows a day per address, not a row each.
 */
import { isIPv6 } from 'node:net';
import type { CountedAttempt, RateLimiter, RateLimitRule } from '../http/rate-limit.ts';
import type { Settings } from '../settings/settings.ts';
import { deviceUsername } from './device-cookie.ts';

/** Who is attempting: the username the attempt names (when it names one) and the client's address. */
export interface AttemptKeys {
  username?: string;
  address: string;
  /** The nonce of a device cookie valid for `username` (a trusted browser), when there is one. */
  device?: string | null;
}

const DAY_SECONDS = 24 * 60 * 60;

/**
 * The key an address is counted under: an IPv4 address as it is (an IPv4-mapped IPv6 one too), an
 * IPv6 address by its /64 network, which one subscriber usually gets whole: counting each of its 2^64
 * addresses apart would give one client endless fresh allowances (and rows).
 * @example addressKey('2001:db8:1:2:aaaa::1') // '2001:db8:1:2::/64'
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The address's counters of one attempt: the window's and the day's. */
export function addressRules(limits: Settings['attemptLimits'], address: string): RateLimitRule[] {
  const key = addressKey(address);
  return [
    { scope: 'address', key, limit: limits.perAddress, windowSeconds: limits.windowMinutes * 60 },
    { scope: 'address-day', key, limit: limits.perAddressPerDay, windowSeconds: DAY_SECONDS },
  ];
}

/** The username's counter of one attempt. */
export function usernameRule(limits: Settings['attemptLimits'], username: string): RateLimitRule {
  return {
    scope: 'username',
    key: deviceUsername(username),
    limit: limits.perUsername,
    windowSeconds: limits.windowMinutes * 60,
  };
}

/** The rules of one attempt: the address's counters and the username's (when named). */
export function attemptRules(limits: Settings['attemptLimits'], keys: AttemptKeys): RateLimitRule[] {
  return [
    ...addressRules(limits, keys.address),
    ...(keys.username === undefined ? [] : [usernameRule(limits, keys.username)]),
  ];
}

/**
 * Counts one attempt of `action` (e.g. 'login', 'send_reset', 'register'; each action has its own
 * counters) and throws the 429 when over a limit. Call it before checking anything secret; on success
 * call `refund()` when a successful attempt should not use up the allowance (a login).
 * @throws HttpError 429 with `Retry-After`, its message also under `field`.
 */
export async function limitAttempt(
  limiter: RateLimiter,
  settings: Settings,
  action: string,
  keys: AttemptKeys,
  field = 'username',
): Promise<CountedAttempt> {
  const limits = settings.attemptLimits;
  if (keys.device) {
    return limiter.attempt(
      action,
      [
        {
          scope: 'device',
          key: keys.device,
          limit: settings.deviceAttemptLimit,
          windowSeconds: limits.windowMinutes * 60,
        },
      ],
      field,
    );
  }
  const address = await limiter.attempt(action, addressRules(limits, keys.address), {
    field,
    rememberRefusals: true,
  });
  if (keys.username === undefined) return address;
  // Never answered from memory: a password reset clears the username's counter on every instance.
  // When it refuses, the address's count stands (it is what a spray from one address pays).
  const username = await limiter.attempt(action, [usernameRule(limits, keys.username)], field);
  return {
    refund: async () => {
      await address.refund();
      await username.refund();
    },
  };
}

/** A successful password reset: the username's login failures are forgotten (its lock lifted). */
export function clearUsernameLock(limiter: RateLimiter, username: string): Promise<void> {
  return limiter.clear('login', 'username', deviceUsername(username));
}
