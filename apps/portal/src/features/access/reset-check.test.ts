import { isApiError } from '@botica/api-client';
import { describe, expect, it, vi } from 'vitest';
import { checkResetLink } from './reset-check.ts';

const BASE = 'https://botica.test';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The CSRF cookie's answer, then `answer` for the check. */
function server(answer: () => Response | Promise<Response>) {
  return vi.fn(async (url: string | URL | Request) =>
    String(url).endsWith('/sanctum/csrf-cookie') ? new Response(null, { status: 204 }) : answer(),
  );
}

const options = (send: typeof fetch) => ({ send, baseUrl: BASE, readCookie: () => 'token%3D1' });

async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('the check did not fail');
}

describe('checkResetLink', () => {
  it('fetches the CSRF cookie, then posts the secret as the API client does', async () => {
    const send = server(() => json(200, { valid: true, purpose: 'invitation', username: 'ana' }));
    const answer = await checkResetLink('s3cret', options(send as typeof fetch));
    expect(answer).toEqual({ valid: true, purpose: 'invitation', username: 'ana' });
    const [csrfUrl, csrfInit] = send.mock.calls[0] as unknown as [string, RequestInit];
    expect(csrfUrl).toBe(`${BASE}/sanctum/csrf-cookie`);
    expect(csrfInit.credentials).toBe('include');
    const [url, init] = send.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe(`${BASE}/api/v1/password/check_reset`);
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.headers).toEqual({
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      'content-type': 'application/json',
      'x-xsrf-token': 'token%3D1',
    });
    expect(JSON.parse(String(init.body))).toEqual({ secret: 's3cret' });
  });

  it('passes on an invalid link and a staff member’s login page', async () => {
    const invalid = server(() => json(200, { valid: false }));
    expect(await checkResetLink('x', options(invalid as typeof fetch))).toEqual({ valid: false });
    const staff = server(() => json(200, { valid: true, purpose: 'reset', login_path: '/backoffice/login' }));
    expect((await checkResetLink('x', options(staff as typeof fetch))).login_path).toBe('/backoffice/login');
  });

  it('a refused secret is a 422 ApiError with the server’s field messages', async () => {
    const send = server(() =>
      json(422, { message: 'El enlace no es válido.', errors: { secret: ['Demasiado largo.'] } }),
    );
    const error = await failureOf(checkResetLink('x'.repeat(300), options(send as typeof fetch)));
    expect(
      isApiError(error) && [error.status, error.kind, error.message, error.fieldError('secret')],
    ).toEqual([422, 'http', 'El enlace no es válido.', 'Demasiado largo.']);
  });

  it('a status without a message gets the client’s words for it', async () => {
    const send = server(() => new Response('', { status: 503 }));
    const error = await failureOf(checkResetLink('x', options(send as typeof fetch)));
    expect(isApiError(error) && [error.status, error.message]).toEqual([503, 'Servicio en mantenimiento.']);
  });

  it('an answer of another shape is a schema error', async () => {
    const send = server(() => json(200, { valid: 'yes' }));
    const error = await failureOf(checkResetLink('x', options(send as typeof fetch)));
    expect(isApiError(error) && error.kind).toBe('schema');
  });

  it('no answer is a network error', async () => {
    const send = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await failureOf(checkResetLink('x', options(send as typeof fetch)));
    expect(isApiError(error) && [error.status, error.kind]).toEqual(['network', 'network']);
  });
});
