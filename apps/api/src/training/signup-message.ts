/**
 * The e-mails of the webinar signup: the confirmation with its calendar invitation (.ics, METHOD
 * REQUEST) and the cancellation (METHOD CANCEL, the same UID and a higher SEQUENCE, so the calendar
 * removes the event it added). Built here as plain data; the mail outbox (apps/api/src/mail, another
 * branch) delivers them once it lands on main.
 */
import { formatDuration, formatTime, formatWeekdayDate, webinarEnd } from '@botica/domain';
import { buildCalendarEvent } from './ics.ts';

/** The laboratory's training sender. */
export const TRAINING_SENDER = { name: 'Botica Formación', email: 'formacion@botica.es' } as const;

/** A message for the outbox: who, what, and the invitation attached. */
export interface WebinarMessage {
  to: { name: string; email: string };
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; content: string }[];
}

/** What the messages need to know. */
export interface WebinarMessageInput {
  webinar: { id: number; title: string; startsAt: Date; durationMinutes: number; speaker: string };
  recipient: { name: string; email: string };
  /** The portal's address, e.g. `https://portal.botica.es`. */
  publicUrl: string;
  now: Date;
}

function calendar(input: WebinarMessageInput, method: 'request' | 'cancel'): string {
  const { webinar } = input;
  const url = `${input.publicUrl}/formacion/agenda-webinars/${webinar.id}`;
  return buildCalendarEvent({
    uid: `webinar-${webinar.id}@botica.es`,
    start: webinar.startsAt,
    end: webinarEnd(webinar.startsAt, webinar.durationMinutes),
    stamp: input.now,
    summary: `Webinar: ${webinar.title}`,
    description: `Ponente: ${webinar.speaker}. El enlace para entrar aparece en ${url} desde 15 minutos antes del comienzo.`,
    url,
    organizer: TRAINING_SENDER,
    attendee: input.recipient,
    method,
    // Each cancellation must outrank the invitation it cancels; minutes since 2020 keep counting up.
    sequence: Math.floor((input.now.getTime() - Date.UTC(2020, 0, 1)) / 60_000),
  });
}

/**
 * The signup's confirmation, with `webinar.ics`.
 * @example const message = webinarSignupMessage({ webinar, recipient, publicUrl, now: new Date() });
 */
export function webinarSignupMessage(input: WebinarMessageInput): WebinarMessage {
  const { webinar } = input;
  const when = `${formatWeekdayDate(webinar.startsAt)}, a las ${formatTime(webinar.startsAt)} (hora peninsular)`;
  return {
    to: input.recipient,
    subject: `Inscripción confirmada: ${webinar.title}`,
    text: [
      `Hola, ${input.recipient.name}:`,
      '',
      `Te has inscrito en el webinar «${webinar.title}», con ${webinar.speaker}.`,
      `Cuándo: ${when}. Duración: ${formatDuration(webinar.durationMinutes)}.`,
      '',
      `El enlace para entrar aparecerá en ${input.publicUrl}/formacion/agenda-webinars/${webinar.id} desde 15 minutos antes del comienzo.`,
      'Adjuntamos la invitación para tu calendario. Si no puedes asistir, puedes cancelar la inscripción en la misma página.',
      '',
      'Un saludo,',
      TRAINING_SENDER.name,
    ].join('\n'),
    attachments: [
      {
        filename: 'webinar.ics',
        contentType: 'text/calendar; charset=utf-8; method=REQUEST',
        content: calendar(input, 'request'),
      },
    ],
  };
}

/** The cancellation, with the `.ics` that removes the event from the calendar. */
export function webinarCancellationMessage(input: WebinarMessageInput): WebinarMessage {
  return {
    to: input.recipient,
    subject: `Inscripción cancelada: ${input.webinar.title}`,
    text: [
      `Hola, ${input.recipient.name}:`,
      '',
      `Hemos cancelado tu inscripción en el webinar «${input.webinar.title}».`,
      'Puedes volver a inscribirte cuando quieras desde la agenda de webinars.',
      '',
      'Un saludo,',
      TRAINING_SENDER.name,
    ].join('\n'),
    attachments: [
      {
        filename: 'webinar.ics',
        contentType: 'text/calendar; charset=utf-8; method=CANCEL',
        content: calendar(input, 'cancel'),
      },
    ],
  };
}
