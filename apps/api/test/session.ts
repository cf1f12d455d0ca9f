/** A browser-like session over `app.inject`: cookies kept, the CSRF header sent on demand. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD } from '../src/demo-data/index.ts';

export class InjectSession {
  readonly cookies: Map<string, string>;
  readonly #app: FastifyInstance;
  readonly #headers: Record<string, string>;

  /** `cookies`: a jar shared with another session (one browser talking to two instances). */
  constructor(
    app: FastifyInstance,
    headers: Record<string, string> = {},
    cookies = new Map<string, string>(),
  ) {
    this.#app = app;
    this.#headers = headers;
    this.cookies = cookies;
  }

  get csrfToken(): string | undefined {
    return this.cookies.get('XSRF-TOKEN');
  }

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    options: { payload?: unknown; csrf?: boolean | string; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...this.#headers, ...options.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const csrf = options.csrf ?? true;
    if (typeof csrf === 'string') headers['x-xsrf-token'] = csrf;
    else if (csrf && this.csrfToken) headers['x-xsrf-token'] = this.csrfToken;
    const response = await this.#app.inject({
      method,
      url,
      headers,
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      expires?: Date;
      maxAge?: number;
    }[]) {
      const expired = (cookie.expires && cookie.expires.getTime() <= Date.now()) || cookie.maxAge === 0;
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  /** The CSRF cookie, as the client gets it before every POST. */
  async csrf(): Promise<void> {
    await this.request('GET', '/sanctum/csrf-cookie');
  }

  async login(username: string, password = DEMO_PASSWORD): Promise<LightMyRequestResponse> {
    await this.csrf();
    return this.request('POST', '/api/v1/auth/login', { payload: { username, password } });
  }
}
