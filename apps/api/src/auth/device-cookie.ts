/**
 * Device cookies (OWASP's "Slow down online guessing attacks with device cookies"): after a
 * successful login the browser gets an HttpOnly cookie signed for that username. A later login for
 * the same username from a browser presenting a valid one is a *trusted* attempt: it is counted in
 * that device's own small budget only, not in the username's or the address's counters, so failures
 * from anywhere else (a stranger guessing `farmacia.norte`, a busy address shared by a whole chain)
 * never keep the pharmacist's own browser out. The cookie grants nothing by itself: the password is
 * still checked, and a stolen cookie only buys the thief the device's budget of guesses.
 *
 * Value: up to `MAX_ENTRIES` entries joined by `~`, one per username that logged in from the browser,
 * each `{issued, base 36}.{16 random bytes}.{HMAC-SHA256}` with the HMAC over the normalised username,
 * the issue time and the nonce, under a key derived from the server's shared key (`csrf-secret.ts`,
 * the same on every instance). The username is not in the cookie: an entry is checked against the
 * username the login names.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { auth } from '@botica/api-client/endpoints';
import { DEVICE_COOKIE_MAX_AGE_SECONDS, DEVICE_COOKIE_NAME } from '@botica/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { csrfSecret } from './csrf-secret.ts';

/** The device cookie's name (declared in `@botica/domain` COOKIES, with its lifetime: 180 days). */
export const DEVICE_COOKIE = DEVICE_COOKIE_NAME;
/** Usernames one browser is remembered for (a pharmacy's main user and a few sub-users). */
const MAX_ENTRIES = 5;
/** The path the cookie is sent to: the login call only. */
const DEVICE_COOKIE_PATH = auth.login.path;

const ENTRY = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** A username as the counters and the cookie see it. */
export function deviceUsername(username: string): string {
  return username.trim().toLowerCase();
}

/** Issues and checks device cookies; one per app. */
export class DeviceCookies {
  readonly #context: AppContext;
  readonly #secret: () => Promise<Buffer>;
  #key: Buffer | undefined;

  constructor(context: AppContext) {
    this.#context = context;
    this.#secret = csrfSecret(context);
  }

  async #signature(username: string, issued: string, nonce: string): Promise<Buffer> {
    this.#key ??= createHmac('sha256', await this.#secret())
      .update('botica-device-cookie')
      .digest();
    return createHmac('sha256', this.#key)
      .update(`${deviceUsername(username)}\n${issued}\n${nonce}`)
      .digest();
  }

  async #isValidFor(entry: string, username: string): Promise<string | null> {
    const match = ENTRY.exec(entry);
    if (!match) return null;
    const [, issued = '', nonce = '', signature = ''] = match;
    const issuedMs = Number.parseInt(issued, 36) * 1000;
    const now = this.#context.now().getTime();
    if (issuedMs > now + 60_000 || now - issuedMs > DEVICE_COOKIE_MAX_AGE_SECONDS * 1000) return null;
    const expected = await this.#signature(username, issued, nonce);
    const given = Buffer.from(signature, 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
  }

  /**
   * The device of a login: the nonce of the cookie's entry signed for `username`, or null (no cookie,
   * none for this username, forged, or expired).
   */
  async trustedDevice(request: FastifyRequest, username: string): Promise<string | null> {
    const value = request.cookies[DEVICE_COOKIE];
    if (!value || value.length > 1000) return null;
    for (const entry of value.split('~').slice(0, MAX_ENTRIES)) {
      const nonce = await this.#isValidFor(entry, username);
      if (nonce) return nonce;
    }
    return null;
  }

  /**
   * After a successful login: a fresh entry for `username` first, the browser's entries for other
   * usernames kept after it (the oldest dropped beyond `MAX_ENTRIES`).
   */
  async remember(request: FastifyRequest, reply: FastifyReply, username: string): Promise<void> {
    const issued = Math.floor(this.#context.now().getTime() / 1000).toString(36);
    const nonce = randomBytes(16).toString('base64url');
    const signature = (await this.#signature(username, issued, nonce)).toString('base64url');
    const kept: string[] = [];
    const value = request.cookies[DEVICE_COOKIE];
    if (value && value.length <= 1000) {
      for (const entry of value.split('~').slice(0, MAX_ENTRIES)) {
        if (ENTRY.test(entry) && (await this.#isValidFor(entry, username)) === null) kept.push(entry);
      }
    }
    const setting = this.#context.settings.cookieSecure;
    const secure = setting === 'always' || (setting === 'auto' && request.protocol === 'https');
    reply.setCookie(
      DEVICE_COOKIE,
      [`${issued}.${nonce}.${signature}`, ...kept].slice(0, MAX_ENTRIES).join('~'),
      {
        path: DEVICE_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure,
        maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
      },
    );
  }
}
