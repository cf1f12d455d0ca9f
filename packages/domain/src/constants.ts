/** The portal's business constants, timings and limits, named once. */

/** Locale of every text, number and date the pharmacist sees. */
export const LOCALE = 'es-ES';
/** Time zone of every date the pharmacist sees and of the monthly cap's calendar month. */
export const TIME_ZONE = 'Europe/Madrid';
/** The only currency. */
export const CURRENCY = 'EUR';

/** Category tree of the product ranges (the 'gama'). */
export const CATEGORY_TREE_RANGES = 1;
/** Category tree of the health problems. */
export const CATEGORY_TREE_HEALTH_PROBLEMS = 2;

/** `per_page` of `GET /api/v1/configurations`. */
export const CONFIGURATIONS_PAGE_SIZE = 500;
/** Search hits per page of `POST /api/v1/search`. */
export const SEARCH_HITS_PER_PAGE = 20;

/** The quantity input emits its value after this long without typing. */
export const QUANTITY_DEBOUNCE_MS = 500;
/** The search overlay searches after this pause in typing. */
export const SEARCH_DEBOUNCE_MS = 500;
/** The search overlay asks for the next page when scrolled within this distance of the end. */
export const SEARCH_SCROLL_LOAD_DISTANCE_PX = 100;

/** How long the add-to-cart toast stays. */
export const ADD_TO_CART_TOAST_MS = 1500;
/** How long every other toast stays. */
export const TOAST_MS = 7000;

/** The loading bar's default duration. */
export const LOADING_BAR_DURATION_MS = 5000;
/** The loading bar's throttle: quicker loads never show it. */
export const LOADING_BAR_THROTTLE_MS = 200;
/** Minimum fetch display delay. */
export const MIN_FETCH_DISPLAY_DELAY_MS = 200;
/** A chunk-loading failure reloads the page at most once in this interval. */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

/** Lifetime of the cookie-consent cookie, in days (the spec's 91.2501, about three months). */
export const CONSENT_COOKIE_LIFETIME_DAYS = 91.2501;
/** Lifetime of the cookie-consent cookie, in seconds (for `Max-Age`). */
export const CONSENT_COOKIE_MAX_AGE_SECONDS = Math.round(CONSENT_COOKIE_LIFETIME_DAYS * 24 * 60 * 60);

/** Default text of a confirm button. */
export const DEFAULT_CONFIRM_TEXT = 'Aceptar';
/** The longest text a search (the overlay, the catalogue's filter) takes: the fields stop there. */
export const SEARCH_QUERY_MAX_LENGTH = 100;
/** Placeholder of the search box. */
export const SEARCH_PLACEHOLDER = 'Buscar por referencia o nombre';
