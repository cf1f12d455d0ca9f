import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.ts';
import { LOGIN_BUSY_MESSAGE, PasswordChecks } from './password-checks.ts';

describe('PasswordChecks', () => {
  it('runs at most inFlight checks, queues up to queued others, serves trusted ones first', async () => {
    const refusals: boolean[] = [];
    const checks = new PasswordChecks({ inFlight: 1, queued: 2 }, (trusted) => refusals.push(trusted));
    const order: string[] = [];
    let release: () => void = () => {};
    const blocker = checks.run(() => new Promise<void>((resolve) => (release = resolve)), { trusted: false });
    const others = ['a', 'b'].map((name) =>
      checks.run(async () => void order.push(name), { trusted: false }),
    );
    expect(() => checks.admit({ trusted: false })).toThrow(HttpError);
    const refused = await checks
      .run(async () => 'never', { trusted: false })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(429);
    expect((refused as HttpError).message).toBe(LOGIN_BUSY_MESSAGE);
    // A trusted check queues past the full queue and goes first.
    checks.admit({ trusted: true });
    const trusted = checks.run(async () => void order.push('trusted'), { trusted: true });
    expect(checks.stats).toEqual({ running: 1, waiting: 3 });
    expect(refusals).toEqual([false, false]);
    release();
    await Promise.all([blocker, ...others, trusted]);
    expect(order).toEqual(['trusted', 'a', 'b']);
    expect(checks.stats).toEqual({ running: 0, waiting: 0 });
    expect(refusals).toEqual([false, false]);
  });

  it('frees its slot when a check fails', async () => {
    const checks = new PasswordChecks({ inFlight: 1, queued: 0 });
    await expect(checks.run(() => Promise.reject(new Error('boom')), { trusted: false })).rejects.toThrow(
      'boom',
    );
    expect(await checks.run(async () => 'ok', { trusted: false })).toBe('ok');
  });
});
