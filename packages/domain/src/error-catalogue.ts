/**
 * The error catalogue (and the error pages' texts) as data: for each failure, how the
 * portal presents it, in Spanish, and for how long. The portal maps every failed call here, once.
 */
import { TOAST_MS } from './constants.ts';
import { formatEuros } from './money.ts';

/** How a failure is shown. */
export type ErrorPresentation = 'toast' | 'dialog' | 'warning' | 'page';

/** One entry of the catalogue. */
export interface ErrorEntry {
  presentation: ErrorPresentation;
  /** The Spanish title, word for word from the spec. */
  title: string;
  /** The Spanish explanation under the title. */
  text: string;
  /** How long a toast stays, in milliseconds; absent for what stays until dismissed. */
  durationMs?: number;
  /** Whether it offers a link back to the home page. */
  linkHome?: boolean;
}

/** A failure of a call, by HTTP status or by what went wrong before an answer came. */
export type CallFailure = 503 | 422 | 419 | 413 | 403 | 401 | 'timeout' | 'network';

/** Text of the link home in dialogs and error pages. */
export const LINK_HOME_TEXT = 'Volver al inicio';

/** Global handling of failed calls, by status. */
export const CALL_ERRORS: Readonly<Record<CallFailure, ErrorEntry>> = {
  503: {
    presentation: 'warning',
    title: 'Servicio en mantenimiento',
    text: 'Nuestros técnicos están actualizando la aplicación. El servicio volverá a estar disponible en breve.',
  },
  422: {
    presentation: 'toast',
    title: 'Algunos datos introducidos son incorrectos',
    text: 'Verifica los datos e inténtalo de nuevo.',
    durationMs: TOAST_MS,
  },
  419: {
    presentation: 'toast',
    title: 'La sesión ha expirado',
    text: 'Recarga la página para iniciar una nueva sesión.',
    durationMs: TOAST_MS,
  },
  413: {
    presentation: 'toast',
    title: 'Fichero demasiado grande',
    text: 'El fichero supera el tamaño máximo permitido.',
    durationMs: TOAST_MS,
  },
  403: {
    presentation: 'dialog',
    title: 'Datos Restringidos',
    text: 'No tienes acceso a esta zona.',
    linkHome: true,
  },
  401: {
    presentation: 'toast',
    title: 'Autentificación denegada',
    text: 'No se ha podido comprobar tu identidad.',
    durationMs: TOAST_MS,
  },
  timeout: {
    presentation: 'toast',
    title: 'Servidor no disponible, intentelo más tarde',
    text: 'El servidor ha tardado demasiado en responder.',
    durationMs: TOAST_MS,
  },
  network: {
    presentation: 'toast',
    title: 'No es posible acceder al servicio',
    text: 'Comprueba tu conexión a internet.',
    durationMs: TOAST_MS,
  },
};

/** What the portal knows of a failed call when it decides how to show it. */
export interface FailedCall {
  /** The HTTP status, or 'timeout' or 'network' when no answer came. */
  status: number | 'timeout' | 'network';
  /** The server's (or the network error's) message, if any. */
  message?: string | undefined;
  /** True for the login pages and the user-check call, where a 401 is expected and shown nowhere. */
  isAuthCheck?: boolean | undefined;
}

/**
 * How a failed call is presented globally, or `null` when it is not (a 401 on the login pages or
 * the user check; statuses the catalogue does not name, which the calling screen handles).
 * The 401 toast carries the server's message; the network toast puts the error's message first.
 * @example callErrorPresentation({ status: 419 })?.title // 'La sesión ha expirado'
 */
export function callErrorPresentation(call: FailedCall): ErrorEntry | null {
  const entry = CALL_ERRORS[call.status as CallFailure];
  if (entry === undefined) return null;
  if (call.status === 401) {
    if (call.isAuthCheck) return null;
    return call.message ? { ...entry, text: call.message } : entry;
  }
  if (call.status === 'network' && call.message && !BROWSER_NETWORK_MESSAGES.test(call.message)) {
    return { ...entry, text: `${call.message.replace(/\.$/, '')}. ${entry.text}` };
  }
  return entry;
}

/**
 * The browsers' own words for a request that got no answer (Chromium, Firefox, Safari): English, and
 * saying nothing the toast does not say already, so they are left out of it.
 */
const BROWSER_NETWORK_MESSAGES =
  /^(Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed|Network request failed)$/i;

/** The cart-save failures; the cart is reloaded after any of them. */
export type CartSaveFailure = 406 | 403 | 'other';

/**
 * How a failed cart save is presented: 406 (monthly cap), 403, no answer at all (the call
 * catalogue's network or timeout toast), or any other failure.
 * @param status The HTTP status of the failed save.
 * @param options The server's message (shown for 406, where it says what is left of the monthly
 *   cap, and for other failures) and the monthly cap in cents (shown for a 406 without a message).
 * @example cartSaveError(406, { monthlyCapCents: 300000 }).title // 'Limite de compra superado'
 */
export function cartSaveError(
  status: number | 'timeout' | 'network',
  options: { message?: string | undefined; monthlyCapCents?: number | undefined } = {},
): ErrorEntry {
  if (status === 406) {
    const cap = options.monthlyCapCents === undefined ? '' : ` de ${formatEuros(options.monthlyCapCents)}`;
    // The server's message says how much of the cap is left this month (monthlyCapMessage).
    const message = options.message?.trim();
    const what = message
      ? /[.!?]$/.test(message)
        ? message
        : `${message}.`
      : `Has superado el límite de compra mensual${cap}.`;
    return {
      presentation: 'dialog',
      title: 'Limite de compra superado',
      text: `${what} Revisa tu pedido o contacta con el laboratorio.`,
    };
  }
  if (status === 403) {
    return {
      presentation: 'dialog',
      title: 'Acceso no disponible',
      text: 'No tienes acceso a esta zona.',
      linkHome: true,
    };
  }
  // No answer came: the call catalogue's toast says what happened ('No es posible acceder al servicio').
  if (status === 'network' || status === 'timeout') {
    return callErrorPresentation({ status, message: options.message }) as ErrorEntry;
  }
  return {
    presentation: 'toast',
    title: 'Error al guardar el pedido',
    text: options.message || 'No se ha podido guardar el pedido. Inténtalo de nuevo.',
    durationMs: TOAST_MS,
  };
}

/** The error pages' texts by status. */
export const ERROR_PAGE_TEXTS: Readonly<Record<404 | 503 | 403, string>> = {
  404: 'La página que estás buscando no existe.',
  503: 'La página esta en mantenimiento.',
  403: 'Este acceso no está disponible',
};

/** What an error page shows: the status code and its text; always a link home. */
export interface ErrorPage {
  status: number;
  text: string;
  linkHome: true;
}

/**
 * The error page for a status: 404, 503 and 403 have their own text; any other shows its status
 * (500 when there is none) and the message.
 * @example errorPage(404).text // 'La página que estás buscando no existe.'
 * @example errorPage(undefined, 'Unknown middleware auth') // { status: 500, text: 'Unknown middleware auth', linkHome: true }
 */
export function errorPage(status?: number, message?: string): ErrorPage {
  const code = status ?? 500;
  const text =
    ERROR_PAGE_TEXTS[code as keyof typeof ERROR_PAGE_TEXTS] ??
    message ??
    'Se ha producido un error inesperado.';
  return { status: code, text, linkHome: true };
}

/** The technical message when no route matches (shown as a 404 page). */
export const NO_ROUTE_MESSAGE = 'This page could not be found';

/**
 * The technical message of a route guard that does not exist (shown as a 500 page).
 * @example unknownMiddlewareMessage('auth') // 'Unknown middleware auth'
 */
export function unknownMiddlewareMessage(name: string): string {
  return `Unknown middleware ${name}`;
}
