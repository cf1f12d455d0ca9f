/**
 * What /login/notification says after each access step (`?motivo=`): what happened and what comes
 * next. The lead sentences are the server's answers (`ACCESS_MESSAGES`), so the page says the same
 * whichever way the user arrived.
 */
import { ACCESS_MESSAGES } from '@botica/api-client/schemas';

/** The steps that end on /login/notification, as they appear in its address. */
/** `acceso`: the first password of a new user (an invitation or an approved registration) was set. */
export type NotificationReason = 'alta' | 'enlace' | 'cambio' | 'acceso';

export interface AccessNotification {
  /** The page's heading and title. */
  title: string;
  /** What happened. */
  lead: string;
  /** What happens next, in order. */
  next: readonly string[];
  /** The main way on. */
  action: { label: string; href: string };
  /** A second way on, if any. */
  secondary?: { label: string; href: string };
}

export const NOTIFICATIONS: Readonly<Record<NotificationReason, AccessNotification>> = {
  alta: {
    title: 'Solicitud de alta enviada',
    lead: ACCESS_MESSAGES.registered,
    next: [
      'El laboratorio comprobará los datos de tu farmacia, normalmente en uno o dos días laborables.',
      'Te escribiremos al correo electrónico que nos has dado para que puedas poner tu contraseña y entrar.',
      'Si no recibes nada, mira en la carpeta de correo no deseado (spam) o llámanos.',
    ],
    action: { label: 'Volver al acceso', href: '/login' },
  },
  enlace: {
    title: 'Revisa tu correo',
    lead: ACCESS_MESSAGES.resetSent,
    next: [
      'Abre el correo y pulsa el enlace para elegir una contraseña nueva.',
      'Si no lo ves en unos minutos, mira en la carpeta de correo no deseado (spam).',
      'El enlace vale 60 minutos y solo se puede usar una vez. Si caduca, pide otro.',
    ],
    action: { label: 'Volver al acceso', href: '/login' },
    secondary: { label: 'Pedir otro enlace', href: '/login/recovery' },
  },
  cambio: {
    title: 'Contraseña cambiada',
    lead: ACCESS_MESSAGES.resetDone,
    next: [
      'Por seguridad, hemos cerrado las sesiones que estaban abiertas con tu contraseña anterior.',
      'Entra con tu usuario y la contraseña nueva.',
    ],
    action: { label: 'Entrar', href: '/login' },
  },
  acceso: {
    title: 'Contraseña guardada',
    lead: ACCESS_MESSAGES.firstPasswordSet,
    next: [
      'Entra con tu usuario y la contraseña que acabas de elegir.',
      'Si la olvidas, pide un enlace para cambiarla desde la página de acceso.',
    ],
    action: { label: 'Entrar', href: '/login' },
  },
};

/**
 * The notification a page address asks for, or null for none known (the page then sends to /login).
 * @example notificationFor('?motivo=enlace')?.title // 'Revisa tu correo'
 */
export function notificationFor(search: string): AccessNotification | null {
  const reason = new URLSearchParams(search).get('motivo');
  return reason !== null && Object.hasOwn(NOTIFICATIONS, reason)
    ? NOTIFICATIONS[reason as NotificationReason]
    : null;
}

/** The address of the notification after a step. */
export function notificationPath(reason: NotificationReason): string {
  return `/login/notification?motivo=${reason}`;
}
