import { describe, expect, it } from 'vitest';
import { CONSENT_COOKIE_NAME, SESSION_COOKIE_NAME, XSRF_COOKIE_NAME } from './cookie-names.ts';
import { COOKIES, cookieLifetime, cookiesInUse, findCookie } from './cookies.ts';

describe('the cookie list', () => {
  it('names each cookie once', () => {
    const names = COOKIES.map((cookie) => cookie.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining([SESSION_COOKIE_NAME, XSRF_COOKIE_NAME, CONSENT_COOKIE_NAME]),
    );
  });

  it('keeps the tag manager’s cookies out until its container is set', () => {
    expect(cookiesInUse({ hasTagManager: false }).some((cookie) => cookie.setBy === 'tag-manager')).toBe(
      false,
    );
    expect(cookiesInUse({ hasTagManager: true })).toHaveLength(COOKIES.length);
  });

  it('only lets essential cookies be set without consent, and only by the laboratory', () => {
    for (const cookie of COOKIES.filter((entry) => entry.category === 'essential')) {
      expect(cookie.party, cookie.name).toBe('own');
    }
  });

  it('finds a cookie by its exact name or by a varying part', () => {
    expect(findCookie('botica_session')?.name).toBe('botica_session');
    expect(findCookie('_ga_X1Y2Z3')?.name).toBe('_ga_<ID>');
    expect(findCookie('_ga')?.name).toBe('_ga');
    expect(findCookie('_ga_')).toBeUndefined();
    expect(findCookie('unknown')).toBeUndefined();
  });

  it('says how long each lasts in Spanish', () => {
    expect(cookieLifetime({ storage: 'cookie', maxAgeSeconds: null })).toBe(
      'Sesión (se borra al cerrar el navegador)',
    );
    expect(cookieLifetime({ storage: 'sessionStorage', maxAgeSeconds: null })).toBe(
      'Hasta cerrar la pestaña',
    );
    expect(cookieLifetime({ storage: 'cookie', maxAgeSeconds: 7_884_009 })).toBe('91 días');
    expect(cookieLifetime({ storage: 'cookie', maxAgeSeconds: 2 * 365 * 86_400 })).toBe('2 años');
    expect(cookieLifetime({ storage: 'cookie', maxAgeSeconds: 86_400 })).toBe('1 día');
    expect(cookieLifetime({ storage: 'cookie', maxAgeSeconds: 365 * 86_400 })).toBe('1 año');
    expect(cookieLifetime({ storage: 'cookie', maxAgeSeconds: 900 })).toBe('15 minutos');
    expect(cookieLifetime({ storage: 'cookie', maxAgeSeconds: 60 })).toBe('1 minuto');
  });
});
