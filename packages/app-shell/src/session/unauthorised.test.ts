import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { observeUnauthorised } from './unauthorised.ts';

const answer = (status: number, body?: unknown) => async () =>
  new Response(body === undefined ? null : JSON.stringify(body), { status });

beforeEach(() => {
  vi.stubGlobal('window', { location: { origin: 'http://portal.test' } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the API client's fetch, watching for 401s", () => {
  it('tells its listeners the server’s message, and the caller still gets the answer', async () => {
    const observer = observeUnauthorised(answer(401, { message: 'Tu sesión ha caducado.' }));
    const heard: (string | undefined)[] = [];
    observer.onUnauthorised((message) => heard.push(message));
    const response = await observer.fetch('/api/v1/cart');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Tu sesión ha caducado.' });
    expect(heard).toEqual(['Tu sesión ha caducado.']);
  });

  it('says nothing of logging in and out, nor of other statuses, nor once unsubscribed', async () => {
    const heard: (string | undefined)[] = [];
    const refused = observeUnauthorised(answer(401, { message: 'Credenciales incorrectas.' }));
    const stop = refused.onUnauthorised((message) => heard.push(message));
    await refused.fetch('http://portal.test/api/v1/auth/login');
    await refused.fetch(new Request('http://portal.test/api/v1/admin/auth/logout'));
    const forbidden = observeUnauthorised(answer(403, { message: 'No.' }));
    forbidden.onUnauthorised((message) => heard.push(message));
    await forbidden.fetch('/api/v1/cart');
    expect(heard).toEqual([]);
    stop();
    await refused.fetch('/api/v1/cart');
    expect(heard).toEqual([]);
  });

  it('a 401 without a message of its own is told as none', async () => {
    const observer = observeUnauthorised(answer(401));
    const heard: (string | undefined)[] = [];
    observer.onUnauthorised((message) => heard.push(message));
    await observer.fetch('/api/v1/user');
    expect(heard).toEqual([undefined]);
  });
});
