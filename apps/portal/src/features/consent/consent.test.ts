import { describe, expect, it } from 'vitest';
import { CONSENT_COOKIE, consentCookie, readConsent } from './consent.ts';

describe('the consent cookie', () => {
  it('round-trips a choice and lasts the spec lifetime', () => {
    const cookie = consentCookie({ marketing: false, analytics: true }, true);
    expect(cookie).toMatch(/; Max-Age=7884009; Path=\/; SameSite=Lax; Secure$/);
    const stored = cookie.split(';')[0] as string;
    expect(readConsent(`other=1; ${stored}; x=y`)).toEqual({
      essential: true,
      marketing: false,
      analytics: true,
    });
    expect(consentCookie({ marketing: true, analytics: false }, false)).not.toContain('Secure');
  });

  it('is unanswered when absent or unreadable', () => {
    expect(readConsent('')).toBeNull();
    expect(readConsent(`${CONSENT_COOKIE}=%7Bnot-json`)).toBeNull();
    expect(readConsent(`${CONSENT_COOKIE}=%7B%7D`)).toBeNull();
  });
});
