/**
 * Every cookie (and every other thing stored in the browser) the product sets, in one list
 * (docs/decisions/010-legal-pages-and-the-cookie-list.md): the consent dialog and the cookie policy
 * are both generated from it, so they cannot disagree, and tests check the list against what the
 * API and the portal really set.
 */

import { CONSENT_COOKIE_MAX_AGE_SECONDS } from './constants.ts';
import {
  CHUNK_RELOAD_STORAGE_KEY,
  CONSENT_COOKIE_NAME,
  DEVICE_COOKIE_MAX_AGE_SECONDS,
  DEVICE_COOKIE_NAME,
  SCROLL_POSITIONS_STORAGE_KEY,
  SESSION_COOKIE_NAME,
  XSRF_COOKIE_NAME,
} from './cookie-names.ts';

/** The consent groups: essential cookies need no consent, the others do. */
export type CookieCategory = 'essential' | 'analytics' | 'marketing';

/** The consent groups in the order the dialog and the policy show them. */
export const COOKIE_CATEGORIES: readonly CookieCategory[] = ['essential', 'analytics', 'marketing'];

/** One cookie or browser-storage entry the product sets. */
export interface CookieDeclaration {
  /** Its name; a `<…>` part stands for a value that varies (`_ga_<ID>`). */
  name: string;
  /** Where it lives: a cookie, or the browser's session storage. */
  storage: 'cookie' | 'sessionStorage';
  category: CookieCategory;
  /** Who handles the data: the laboratory ('propia') or another company ('de terceros'). */
  party: 'own' | 'third-party';
  /** The company that handles it, for the policy's 'Proveedor' column. */
  provider: string;
  /** Who writes it: the API server, the portal's own script, or the tag manager's container. */
  setBy: 'server' | 'portal' | 'tag-manager';
  /** What it is for, in Spanish, for the policy. */
  purpose: string;
  /** `Max-Age` in seconds; null: a session cookie (gone when the browser closes). */
  maxAgeSeconds: number | null;
  /** Readable by the page's scripts (false: HttpOnly). */
  isHttpOnly: boolean;
}

const TWO_YEARS_SECONDS = 2 * 365 * 24 * 60 * 60;

/** The list. Add an entry before the code sets anything new: tests fail on an undeclared cookie. */
export const COOKIES: readonly CookieDeclaration[] = [
  {
    name: SESSION_COOKIE_NAME,
    storage: 'cookie',
    category: 'essential',
    party: 'own',
    provider: 'Laboratorio (este portal)',
    setBy: 'server',
    purpose:
      'Mantiene tu sesión: identifica de forma segura tu navegador entre una página y la siguiente, como visitante y después de iniciar sesión. Es un valor aleatorio sin datos personales.',
    maxAgeSeconds: null,
    isHttpOnly: true,
  },
  {
    name: XSRF_COOKIE_NAME,
    storage: 'cookie',
    category: 'essential',
    party: 'own',
    provider: 'Laboratorio (este portal)',
    setBy: 'server',
    purpose:
      'Protege tus pedidos y formularios: el portal la devuelve en cada envío para demostrar que la petición sale de él y no de otra web (protección CSRF).',
    maxAgeSeconds: null,
    isHttpOnly: false,
  },
  {
    name: DEVICE_COOKIE_NAME,
    storage: 'cookie',
    category: 'essential',
    party: 'own',
    provider: 'Laboratorio (este portal)',
    setBy: 'server',
    purpose:
      'Protege tu acceso: recuerda que este navegador ya inició sesión con tu usuario, para que los intentos fallidos de otras personas no te impidan entrar. No da acceso por sí sola: siempre hace falta la contraseña.',
    maxAgeSeconds: DEVICE_COOKIE_MAX_AGE_SECONDS,
    isHttpOnly: true,
  },
  {
    name: CONSENT_COOKIE_NAME,
    storage: 'cookie',
    category: 'essential',
    party: 'own',
    provider: 'Laboratorio (este portal)',
    setBy: 'portal',
    purpose:
      'Recuerda qué cookies has aceptado o rechazado, para respetar tu elección y no preguntártelo en cada visita.',
    maxAgeSeconds: CONSENT_COOKIE_MAX_AGE_SECONDS,
    isHttpOnly: false,
  },
  {
    name: SCROLL_POSITIONS_STORAGE_KEY,
    storage: 'sessionStorage',
    category: 'essential',
    party: 'own',
    provider: 'Laboratorio (este portal)',
    setBy: 'portal',
    purpose:
      'Recuerda hasta dónde habías bajado en cada página de la pestaña, para devolverte a ese punto cuando vuelves atrás.',
    maxAgeSeconds: null,
    isHttpOnly: false,
  },
  {
    name: CHUNK_RELOAD_STORAGE_KEY,
    storage: 'sessionStorage',
    category: 'essential',
    party: 'own',
    provider: 'Laboratorio (este portal)',
    setBy: 'portal',
    purpose:
      'Anota la hora a la que el portal se recargó solo tras publicarse una versión nueva, para no repetir la recarga más de una vez por minuto.',
    maxAgeSeconds: null,
    isHttpOnly: false,
  },
  {
    name: '_ga',
    storage: 'cookie',
    category: 'analytics',
    party: 'third-party',
    provider: 'Google Ireland Limited (Google Analytics)',
    setBy: 'tag-manager',
    purpose:
      'Distingue a los visitantes con un identificador aleatorio para contar visitas y páginas vistas de forma agregada.',
    maxAgeSeconds: TWO_YEARS_SECONDS,
    isHttpOnly: false,
  },
  {
    name: '_ga_<ID>',
    storage: 'cookie',
    category: 'analytics',
    party: 'third-party',
    provider: 'Google Ireland Limited (Google Analytics)',
    setBy: 'tag-manager',
    purpose: 'Guarda el estado de tu visita (inicio y número de sesión) para las estadísticas de uso.',
    maxAgeSeconds: TWO_YEARS_SECONDS,
    isHttpOnly: false,
  },
];

/** What the installation has switched on, which decides whether some entries apply. */
export interface CookieContext {
  /** Whether the laboratory's tag-manager container is configured (its tags set the analytics cookies). */
  hasTagManager: boolean;
}

/**
 * The entries that apply to this installation: the tag manager's only when its container is set.
 * @example cookiesInUse({ hasTagManager: false }).map((cookie) => cookie.name)
 * // ['botica_session', 'XSRF-TOKEN', 'botica_consent', 'botica:scroll-positions', 'botica:chunk-reload-at']
 */
export function cookiesInUse(
  context: CookieContext,
  cookies: readonly CookieDeclaration[] = COOKIES,
): CookieDeclaration[] {
  return cookies.filter((cookie) => cookie.setBy !== 'tag-manager' || context.hasTagManager);
}

/**
 * The declaration that covers a cookie name (`_ga_ABC123` is covered by `_ga_<ID>`), or undefined.
 * @example findCookie('_ga_X1Y2Z3')?.name // '_ga_<ID>'
 */
export function findCookie(
  name: string,
  cookies: readonly CookieDeclaration[] = COOKIES,
): CookieDeclaration | undefined {
  return cookies.find((cookie) => {
    const varying = cookie.name.indexOf('<');
    if (varying < 0) return cookie.name === name;
    const prefix = cookie.name.slice(0, varying);
    return name.startsWith(prefix) && name.length > prefix.length;
  });
}

const DAY_SECONDS = 24 * 60 * 60;

/**
 * How long it lasts, in Spanish, for the policy.
 * @example cookieLifetime({ storage: 'cookie', maxAgeSeconds: null }) // 'Sesión (se borra al cerrar el navegador)'
 * @example cookieLifetime({ storage: 'cookie', maxAgeSeconds: 7884009 }) // '91 días'
 */
export function cookieLifetime(cookie: Pick<CookieDeclaration, 'storage' | 'maxAgeSeconds'>): string {
  if (cookie.maxAgeSeconds === null) {
    return cookie.storage === 'sessionStorage'
      ? 'Hasta cerrar la pestaña'
      : 'Sesión (se borra al cerrar el navegador)';
  }
  const days = Math.round(cookie.maxAgeSeconds / DAY_SECONDS);
  if (days >= 365 && days % 365 === 0) return days === 365 ? '1 año' : `${days / 365} años`;
  if (days >= 1) return days === 1 ? '1 día' : `${days} días`;
  const minutes = Math.round(cookie.maxAgeSeconds / 60);
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
}

/** The category's name, as the dialog's switches and the policy's headings say it. */
export const COOKIE_CATEGORY_LABELS: Readonly<Record<CookieCategory, string>> = {
  essential: 'Esenciales',
  analytics: 'Analítica',
  marketing: 'Marketing',
};
