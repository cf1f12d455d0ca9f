import { describe, expect, it, vi } from 'vitest';
import { isAnonymous } from './anonymous-check.ts';

const answer = (status: number) => vi.fn(async () => new Response(null, { status }));

describe('isAnonymous', () => {
  it('asks for the user as the API client does, with the cookies', async () => {
    const fetchUser = answer(401);
    await isAnonymous(fetchUser, 'https://botica.test', null);
    const [url, init] = fetchUser.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://botica.test/api/v1/user');
    expect(init.credentials).toBe('include');
    expect(init.headers).toEqual({ accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' });
  });

  it('is true only for a 401', async () => {
    expect(await isAnonymous(answer(401), 'https://botica.test', null)).toBe(true);
    for (const status of [200, 204, 403, 419, 500, 503]) {
      expect(await isAnonymous(answer(status), 'https://botica.test', 'client'), String(status)).toBe(false);
    }
  });

  it('asks nothing when the page says it was served to no session', async () => {
    const fetchUser = answer(200);
    expect(await isAnonymous(fetchUser, 'https://botica.test', 'none')).toBe(true);
    expect(fetchUser).not.toHaveBeenCalled();
  });

  it('is false when the request fails, so the session module asks and reports', async () => {
    const failing = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await isAnonymous(failing, 'https://botica.test', null)).toBe(false);
  });

  it('reads the answer to its end, so the request does not stay open until the timeout', async () => {
    const response = new Response('{"message":"No has iniciado sesión"}', { status: 401 });
    expect(await isAnonymous(async () => response, 'https://botica.test', null)).toBe(true);
    expect(response.bodyUsed).toBe(true);
  });
});
