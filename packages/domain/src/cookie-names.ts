/**
 * The names of what the product stores in the browser, apart from their list (cookies.ts): the code
 * that sets or reads one runs on every page, the list with its Spanish descriptions only in the
 * consent dialog and the cookie policy, and a bundler places a module whole.
 */

/** The session cookie (HttpOnly): a random value; the server keeps only its hash. */
export const SESSION_COOKIE_NAME = 'botica_session';
/** The device cookie (HttpOnly): this browser has logged in as a username before (login throttling). */
export const DEVICE_COOKIE_NAME = 'botica_device';
/** The device cookie's lifetime: 180 days. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
/** The CSRF cookie, readable by the portal (Laravel Sanctum's name). */
export const XSRF_COOKIE_NAME = 'XSRF-TOKEN';
/** The cookie that stores the consent choice. */
export const CONSENT_COOKIE_NAME = 'botica_consent';
/** The portal's session-storage key of the scroll positions it restores on going back. */
export const SCROLL_POSITIONS_STORAGE_KEY = 'botica:scroll-positions';
/** The portal's session-storage key that limits reloads after a failed chunk load. */
export const CHUNK_RELOAD_STORAGE_KEY = 'botica:chunk-reload-at';
