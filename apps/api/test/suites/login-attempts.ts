/** Login attempts over HTTP for the suites of the attempt limits, and a clock that keeps them in one window. */
import { ErrorBodySchema } from '@botica/api-client/schemas';
import { expect } from 'vitest';

/**
 * A clock stopped in the middle of a 15-minute window (and so of the day's window too), so that no
 * test straddles a window boundary, where the counters start again.
 */
export function midWindow(): Date {
  const window = 15 * 60_000;
  return new Date(Math.floor(Date.now() / window) * window + window / 2);
}

/** What a login attempt answered: its status, Retry-After and body. */
export interface Attempt {
  status: number;
  retryAfter: number;
  body: { message?: string; errors?: Record<string, string[]> };
}

/**
 * An anonymous session of its own (cookie and CSRF token), then one login over HTTP. `address` is
 * what the proxy in front of the server appends to `X-Forwarded-For`; `forged` what the client wrote
 * there itself.
 */
export async function prepareLogin(
  baseUrl: string,
  credentials: { username: string; password: string },
  headers: { address?: string; forged?: string } = {},
): Promise<() => Promise<Attempt>> {
  const forwarded = [headers.forged, headers.address].filter(Boolean).join(', ');
  const proxy: Record<string, string> = forwarded ? { 'x-forwarded-for': forwarded } : {};
  const started = await fetch(`${baseUrl}/sanctum/csrf-cookie`, { headers: proxy });
  const cookies = started.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
  const token = decodeURIComponent(
    cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '',
  );
  return async () => {
    const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: {
        ...proxy,
        'content-type': 'application/json',
        accept: 'application/json',
        cookie: cookies.join('; '),
        'x-xsrf-token': token,
      },
      body: JSON.stringify(credentials),
    });
    return {
      status: response.status,
      retryAfter: Number(response.headers.get('retry-after') ?? 0),
      body: (await response.json()) as Attempt['body'],
    };
  };
}

/** Fires the prepared logins all at once. */
export async function burst(logins: (() => Promise<Attempt>)[]): Promise<Attempt[]> {
  return Promise.all(logins.map((login) => login()));
}

/** Statuses of a burst: `{ 422: 5, 429: 195 }`. */
export function histogram(attempts: Attempt[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const attempt of attempts) counts[attempt.status] = (counts[attempt.status] ?? 0) + 1;
  return counts;
}

/** Every 429 is `{message, errors.username}` in Spanish with a Retry-After of up to a day. */
export function expectTooMany(attempts: Attempt[]): void {
  for (const attempt of attempts.filter((candidate) => candidate.status === 429)) {
    expect(ErrorBodySchema.safeParse(attempt.body).success).toBe(true);
    expect(attempt.body.message).toMatch(
      /^Demasiados intentos\. Inténtalo de nuevo en \d+ (segundos?|minutos?|horas)\.$/,
    );
    expect(attempt.body.errors?.username).toEqual([attempt.body.message]);
    expect(attempt.retryAfter).toBeGreaterThan(0);
    expect(attempt.retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
  }
}
