/**
 * A minimal cookie jar for runtimes without a browser's (Node, tests, scripts): it keeps the cookies
 * the API sets and sends them back, so a session and its CSRF token work as in a browser. One jar per
 * client; cookies are kept by name (the client talks to one API).
 */
export class CookieJar {
  readonly #cookies = new Map<string, string>();

  /** The value of a cookie, if set. */
  get(name: string): string | undefined {
    return this.#cookies.get(name);
  }

  /** The `Cookie` header to send, or undefined when the jar is empty. */
  header(): string | undefined {
    if (this.#cookies.size === 0) return undefined;
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Reads `Set-Cookie` headers: stores new values, removes expired ones. */
  store(setCookies: readonly string[]): void {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      if (index <= 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', raw = ''] = attribute.split('=');
        const lower = key.trim().toLowerCase();
        if (lower === 'max-age') return Number(raw.trim()) <= 0;
        if (lower === 'expires') return Date.parse(raw.trim()) <= Date.now();
        return false;
      });
      if (expired || value === '') this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  clear(): void {
    this.#cookies.clear();
  }
}
