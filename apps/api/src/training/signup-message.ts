/**
 * The e-mails of the webinar signup, laid out by the one template (`composeMail`): the confirmation
 * with its calendar invitation (`webinar.ics`, METHOD:REQUEST) and the cancellation (METHOD:CANCEL,
 * the same UID and a higher SEQUENCE, so the calendar removes the event it added). The routes write
 * them into the outbox in the transaction that makes or deletes the signup.
 *
 * The UID names one signup: the webinar, the user and the moment they signed up. A pharmacy's users
 * who share a mailbox each get their own event, and signing up again after cancelling makes a new
 * event rather than reviving a cancelled one (which calendars may ignore).
 */
import {
  formatDuration,
  formatTime,
  formatWeekdayDate,
  WEBINAR_JOIN_WINDOW_MINUTES,
  webinarEnd,
} from '@botica/domain';
import type { OutgoingMail } from '../mail/outbox.ts';
import { composeMail } from '../mail/template.ts';
import { senderMailbox } from '../mail/transports.ts';
import type { Settings } from '../settings/settings.ts';
import { buildCalendarEvent } from './ics.ts';

/** What the messages need to know. */
export interface WebinarMailInput {
  /**
   * `version` counts the webinar's changes (0 when never changed): the invitation's SEQUENCE, so a
   * calendar takes a changed webinar's invitation over the earlier one.
   */
  webinar: {
    id: number;
    title: string;
    startsAt: Date;
    durationMinutes: number;
    speaker: string;
    version?: number;
  };
  recipient: { name: string; email: string };
  /** The signup the message is about: whose, and when it was made (together, the event's UID). */
  signup: { userId: number; createdAt: Date };
  /** The portal's origin for links, e.g. `https://portal.botica.example` (see `portalOrigin`). */
  portalOrigin: string;
  /** The laboratory (contact block, organizer's name) and `MAIL_FROM` (organizer's address). */
  settings: Pick<Settings, 'laboratory' | 'mail'>;
  now: Date;
}

/** The webinar's page in the portal. */
export function webinarPageUrl(portalOrigin: string, webinarId: number): string {
  return `${portalOrigin}/formacion/agenda-webinars/${webinarId}`;
}

/**
 * The invitation's UID: one per signup, in the sender's domain (RFC 5545 §3.8.4.7).
 * @example webinarEventUid(7, { userId: 3, createdAt }, 'formacion@botica.example') // 'webinar-7-user-3-1779012000000@botica.example'
 */
export function webinarEventUid(
  webinarId: number,
  signup: WebinarMailInput['signup'],
  fromAddress: string,
): string {
  const domain = /@([^@\s>]+)$/.exec(fromAddress)?.[1] ?? 'botica.invalid';
  return `webinar-${webinarId}-user-${signup.userId}-${signup.createdAt.getTime()}@${domain}`;
}

function calendar(input: WebinarMailInput, method: 'request' | 'cancel'): string {
  const { webinar, settings } = input;
  const url = webinarPageUrl(input.portalOrigin, webinar.id);
  const sender = senderMailbox(settings.mail.from);
  return buildCalendarEvent({
    uid: webinarEventUid(webinar.id, input.signup, sender.address),
    start: webinar.startsAt,
    end: webinarEnd(webinar.startsAt, webinar.durationMinutes),
    stamp: input.now,
    summary: `Webinar: ${webinar.title}`,
    description: `Ponente: ${webinar.speaker}. El enlace para entrar aparece en ${url} desde ${WEBINAR_JOIN_WINDOW_MINUTES} minutos antes del comienzo.`,
    url,
    organizer: { name: sender.name || settings.laboratory.name, email: sender.address },
    attendee: input.recipient,
    method,
    // The invitation carries the webinar's version; its cancellation comes after every version.
    sequence: (webinar.version ?? 0) + (method === 'cancel' ? 1 : 0),
  });
}

function when(webinar: WebinarMailInput['webinar']): { date: string; time: string } {
  return {
    date: formatWeekdayDate(webinar.startsAt),
    time: `${formatTime(webinar.startsAt)} (hora peninsular)`,
  };
}

/**
 * The signup's confirmation, with `webinar.ics` (METHOD:REQUEST). Not worth sending once the webinar
 * has ended.
 * @example await enqueueMail(tx, webinarSignupMail({ webinar, recipient, signup, portalOrigin, settings, now }), now);
 */
export function webinarSignupMail(input: WebinarMailInput): OutgoingMail {
  const { webinar } = input;
  const { date, time } = when(webinar);
  return {
    kind: 'webinar_signup',
    to: input.recipient.email,
    mail: composeMail(input.settings.laboratory, {
      subject: `Inscripción confirmada: ${webinar.title}`,
      greeting: `Hola, ${input.recipient.name}:`,
      paragraphs: [
        `Te has inscrito en el webinar «${webinar.title}», con ${webinar.speaker}.`,
        'Adjuntamos la invitación para tu calendario (webinar.ics).',
      ],
      details: [
        ['Webinar', webinar.title],
        ['Ponente', webinar.speaker],
        ['Fecha', date],
        ['Hora', time],
        ['Duración', formatDuration(webinar.durationMinutes)],
      ],
      detailsCaption: 'Datos del webinar',
      action: { label: 'Ver el webinar', url: webinarPageUrl(input.portalOrigin, webinar.id) },
      closing: [
        `El enlace para entrar aparecerá en esa página desde ${WEBINAR_JOIN_WINDOW_MINUTES} minutos antes del comienzo.`,
        'Si no puedes asistir, cancela la inscripción en la misma página.',
      ],
    }),
    attachments: [
      {
        filename: 'webinar.ics',
        contentType: 'text/calendar; charset=utf-8; method=REQUEST',
        content: calendar(input, 'request'),
      },
    ],
    discardAfter: webinarEnd(webinar.startsAt, webinar.durationMinutes),
  };
}

/**
 * The cancellation, with the `webinar.ics` (METHOD:CANCEL) that removes the event from the calendar.
 * Not worth sending once the webinar has ended.
 */
export function webinarCancellationMail(input: WebinarMailInput): OutgoingMail {
  const { webinar } = input;
  const { date, time } = when(webinar);
  return {
    kind: 'webinar_cancellation',
    to: input.recipient.email,
    mail: composeMail(input.settings.laboratory, {
      subject: `Inscripción cancelada: ${webinar.title}`,
      greeting: `Hola, ${input.recipient.name}:`,
      paragraphs: [
        `Hemos cancelado tu inscripción en el webinar «${webinar.title}» del ${date}, a las ${time}.`,
        'Si lo añadiste a tu calendario, el archivo adjunto (webinar.ics) lo quita.',
      ],
      action: {
        label: 'Ver la agenda de webinars',
        url: `${input.portalOrigin}/formacion/agenda-webinars`,
      },
      closing: ['Puedes volver a inscribirte cuando quieras desde la agenda.'],
    }),
    attachments: [
      {
        filename: 'webinar.ics',
        contentType: 'text/calendar; charset=utf-8; method=CANCEL',
        content: calendar(input, 'cancel'),
      },
    ],
    discardAfter: webinarEnd(webinar.startsAt, webinar.durationMinutes),
  };
}

/**
 * A signed-up user's notice that the webinar's start or room changed, with the invitation updated
 * (`webinar.ics`, METHOD:REQUEST, the signup's UID and the webinar's new version as SEQUENCE), so the
 * event moves in the calendar that took the first one.
 */
export function webinarChangeMail(input: WebinarMailInput): OutgoingMail {
  const { webinar } = input;
  const { date, time } = when(webinar);
  return {
    kind: 'webinar_change',
    to: input.recipient.email,
    mail: composeMail(input.settings.laboratory, {
      subject: `Cambios en el webinar: ${webinar.title}`,
      greeting: `Hola, ${input.recipient.name}:`,
      paragraphs: [
        `Ha cambiado la fecha, la hora o el enlace del webinar «${webinar.title}», en el que estás inscrito.`,
        'Adjuntamos la invitación actualizada para tu calendario (webinar.ics).',
      ],
      details: [
        ['Webinar', webinar.title],
        ['Ponente', webinar.speaker],
        ['Fecha', date],
        ['Hora', time],
        ['Duración', formatDuration(webinar.durationMinutes)],
      ],
      detailsCaption: 'Datos del webinar',
      action: { label: 'Ver el webinar', url: webinarPageUrl(input.portalOrigin, webinar.id) },
      closing: [
        `El enlace para entrar aparecerá en esa página desde ${WEBINAR_JOIN_WINDOW_MINUTES} minutos antes del comienzo.`,
      ],
    }),
    attachments: [
      {
        filename: 'webinar.ics',
        contentType: 'text/calendar; charset=utf-8; method=REQUEST',
        content: calendar(input, 'request'),
      },
    ],
    discardAfter: webinarEnd(webinar.startsAt, webinar.durationMinutes),
  };
}
