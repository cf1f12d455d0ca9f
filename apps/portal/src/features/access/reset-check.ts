/**
 * Whether a reset (or invitation) link's secret is still valid, and for whom: `POST
 * /api/v1/password/check_reset` asked with plain requests as the API client would (the CSRF cookie
 * first, then the same address, cookies and headers), so the reset page's loader answers without
 * loading and running the client's code and schemas, which it needs only to send the new password.
 * Failures are the client's `ApiError`s, with its statuses and messages, for the loader and the error
 * reporting to read as before.
 */
import { ApiError } from '@botica/api-client';
import type { CheckResetResponse } from '@botica/api-client/schemas';
import { env } from '../../shared/env.ts';

const PURPOSES: ReadonlySet<unknown> = new Set(['reset', 'welcome', 'invitation']);

/** The client's words for a status whose answer brings no message of its own. */
const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  401: 'No has iniciado sesión.',
  403: 'No tienes acceso a estos datos.',
  404: 'El recurso solicitado no existe.',
  419: 'La sesión ha expirado.',
  422: 'Algunos datos introducidos son incorrectos.',
  429: 'Demasiados intentos. Inténtalo de nuevo en unos instantes.',
  503: 'Servicio en mantenimiento.',
};

const HEADERS = { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' } as const;

function cookie(name: string): string | undefined {
  const entry = document.cookie.split('; ').find((pair) => pair.startsWith(`${name}=`));
  return entry === undefined ? undefined : decodeURIComponent(entry.slice(name.length + 1));
}

/** The answer's shape, as the client's schema checks it: anything else is a `schema` error. */
function isCheckResetResponse(body: unknown): body is CheckResetResponse {
  if (typeof body !== 'object' || body === null) return false;
  const { valid, purpose, username, login_path: loginPath } = body as Record<string, unknown>;
  return (
    typeof valid === 'boolean' &&
    (purpose === undefined || PURPOSES.has(purpose)) &&
    (username === undefined || typeof username === 'string') &&
    (loginPath === undefined || loginPath === '/backoffice/login')
  );
}

function failure(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if ((error as { name?: string } | null)?.name === 'TimeoutError') {
    return new ApiError({
      status: 'timeout',
      kind: 'timeout',
      message: 'El servidor no ha respondido a tiempo.',
      cause: error,
    });
  }
  return new ApiError({
    status: 'network',
    kind: 'network',
    message: (error as { message?: string } | null)?.message || 'No es posible acceder al servicio.',
    cause: error,
  });
}

async function httpError(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as {
    message?: unknown;
    errors?: Record<string, string[]>;
  } | null;
  const message = typeof body?.message === 'string' && body.message !== '' ? body.message : undefined;
  return new ApiError({
    status: response.status,
    kind: 'http',
    message: message ?? STATUS_MESSAGES[response.status] ?? `Error ${response.status} del servidor.`,
    fieldErrors: body?.errors !== undefined && typeof body.errors === 'object' ? body.errors : {},
  });
}

/**
 * Asks the server about a link's secret.
 * @throws ApiError as the API client's `access.checkReset` would: 422 for a secret it refuses to
 * look at, another status, `timeout` or `network` for a failed check, `schema` for an answer of
 * another shape.
 */
export async function checkResetLink(
  secret: string,
  {
    send = fetch,
    baseUrl = env.apiBaseUrl || window.location.origin,
    readCookie = cookie,
  }: {
    send?: typeof fetch;
    baseUrl?: string;
    readCookie?: (name: string) => string | undefined;
  } = {},
): Promise<CheckResetResponse> {
  try {
    const signal = AbortSignal.timeout(env.apiTimeoutMs);
    const csrf = await send(`${baseUrl}/sanctum/csrf-cookie`, {
      credentials: 'include',
      headers: HEADERS,
      signal,
    });
    // Read the (empty) answer so the connection is free for the next request.
    await csrf.arrayBuffer();
    if (!csrf.ok) throw await httpError(csrf);
    const token = readCookie('XSRF-TOKEN');
    const response = await send(`${baseUrl}/api/v1/password/check_reset`, {
      method: 'POST',
      credentials: 'include',
      headers: {
        ...HEADERS,
        'content-type': 'application/json',
        ...(token === undefined ? {} : { 'x-xsrf-token': token }),
      },
      body: JSON.stringify({ secret }),
      signal,
    });
    if (!response.ok) throw await httpError(response);
    const body: unknown = await response.json().catch(() => undefined);
    if (!isCheckResetResponse(body)) {
      throw new ApiError({
        status: response.status,
        kind: 'schema',
        message: 'La respuesta del servidor no tiene el formato esperado (check_reset).',
      });
    }
    return body;
  } catch (error) {
    throw failure(error);
  }
}
