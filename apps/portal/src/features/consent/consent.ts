/**
 * Cookie consent: essential, marketing and analytics flags, stored in a first-party
 * cookie for the spec's 91.2501 days. Unanswered → the blocking dialog shows.
 */
import { CONSENT_COOKIE_MAX_AGE_SECONDS, CONSENT_COOKIE_NAME } from '@botica/domain';

/** The pharmacist's choice. Essential cookies are always on. */
export interface CookieConsent {
  essential: true;
  marketing: boolean;
  analytics: boolean;
}

/** Name of the consent cookie (as the product's cookie list declares it). */
export const CONSENT_COOKIE = CONSENT_COOKIE_NAME;

/**
 * Reads the consent from a `document.cookie` string; null when unanswered or unreadable.
 * @example readConsent('botica_consent=%7B%22m%22%3A0%2C%22a%22%3A1%7D') // { essential: true, marketing: false, analytics: true }
 */
export function readConsent(cookieHeader: string): CookieConsent | null {
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== CONSENT_COOKIE) continue;
    try {
      const value: unknown = JSON.parse(decodeURIComponent(rest.join('=')));
      if (typeof value === 'object' && value !== null && 'm' in value && 'a' in value) {
        return { essential: true, marketing: value.m === 1, analytics: value.a === 1 };
      }
    } catch {
      return null;
    }
  }
  return null;
}

/** The `document.cookie` assignment that stores a consent for the spec's lifetime. */
export function consentCookie(
  consent: Pick<CookieConsent, 'marketing' | 'analytics'>,
  secure: boolean,
): string {
  const value = encodeURIComponent(
    JSON.stringify({ m: consent.marketing ? 1 : 0, a: consent.analytics ? 1 : 0 }),
  );
  return `${CONSENT_COOKIE}=${value}; Max-Age=${CONSENT_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}
