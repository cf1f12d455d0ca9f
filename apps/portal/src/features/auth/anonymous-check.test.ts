import { describe, expect, it, vi } from 'vitest';
import { isAnonymous } from './anonymous-check.ts';

const answer = (status: number) => vi.fn(async () => new Response(null, { status }));

describe('isAnonymous', () => {
  it('asks for the user as the API client does, with the cookies', async () => {
    const fetchUser = answer(401);
    await isAnonymous(fetchUser, 'https://botica.test');
    const [url, init] = fetchUser.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://botica.test/api/v1/user');
    expect(init.credentials).toBe('include');
    expect(init.headers).toEqual({ accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' });
  });

  it('is true only for a 401', async () => {
    expect(await isAnonymous(answer(401), 'https://botica.test')).toBe(true);
    for (const status of [200, 204, 403, 419, 500, 503]) {
      expect(await isAnonymous(answer(status), 'https://botica.test'), String(status)).toBe(false);
    }
  });

  it('is false when the request fails, so the session module asks and reports', async () => {
    const failing = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await isAnonymous(failing, 'https://botica.test')).toBe(false);
  });

  it('reads the answer to its end, so the request does not stay open until the timeout', async () => {
    const response = new Response('{"message":"No has iniciado sesión"}', { status: 401 });
    expect(await isAnonymous(async () => response, 'https://botica.test')).toBe(true);
    expect(response.bodyUsed).toBe(true);
  });
});
