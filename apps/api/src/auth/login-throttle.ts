/**
 * Login throttling: after 5 failed attempts for one username from one address within a minute, the
 * next attempts answer 429 until the minute has passed. Kept in memory: one process serves the API
 * (a second instance would count on its own, which still bounds guessing per instance).
 */
export class LoginThrottle {
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  readonly #failures = new Map<string, number[]>();

  constructor(options: { limit?: number; windowMs?: number; now?: () => number } = {}) {
    this.#limit = options.limit ?? 5;
    this.#windowMs = options.windowMs ?? 60_000;
    this.#now = options.now ?? Date.now;
  }

  static key(username: string, ip: string): string {
    return `${username.trim().toLowerCase()}|${ip}`;
  }

  #recent(key: string): number[] {
    const since = this.#now() - this.#windowMs;
    const recent = (this.#failures.get(key) ?? []).filter((at) => at > since);
    if (recent.length === 0) this.#failures.delete(key);
    else this.#failures.set(key, recent);
    return recent;
  }

  /** Seconds until the next attempt is allowed; 0 when it is allowed now. */
  retryAfterSeconds(key: string): number {
    const recent = this.#recent(key);
    if (recent.length < this.#limit) return 0;
    const oldest = recent[recent.length - this.#limit] as number;
    return Math.max(1, Math.ceil((oldest + this.#windowMs - this.#now()) / 1000));
  }

  fail(key: string): void {
    this.#failures.set(key, [...this.#recent(key), this.#now()]);
    if (this.#failures.size > 10_000) this.#sweep();
  }

  clear(key: string): void {
    this.#failures.delete(key);
  }

  #sweep(): void {
    for (const key of [...this.#failures.keys()]) this.#recent(key);
  }
}
