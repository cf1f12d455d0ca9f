/**
 * Calendar invitations (RFC 5545 iCalendar) for the webinar signup e-mail: one VEVENT, times in UTC,
 * TEXT values escaped (§3.3.11), lines folded at 75 octets without splitting a UTF-8 character
 * (§3.1), CRLF line ends. A cancellation is the same event with METHOD:CANCEL, STATUS:CANCELLED and a
 * higher SEQUENCE, so calendars remove the one they added.
 */

/** What an invitation says. */
export interface CalendarEvent {
  /** Stable across updates of the same event, e.g. `webinar-12-user-3-1779012000000@botica.example`. */
  uid: string;
  start: Date;
  end: Date;
  /** When the invitation was made. */
  stamp: Date;
  summary: string;
  description: string;
  /** Where to join: the portal's webinar page (the room's link shows there when it is time). */
  url: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  /** Updates count up; a cancellation must be higher than the invitation. @default 0 */
  sequence?: number;
  /** @default 'request' */
  method?: 'request' | 'cancel';
}

const CRLF = '\r\n';

/** A UTC date-time, `20260520T150000Z`. */
export function icsDateTime(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('not a valid date');
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** A TEXT value: backslash, semicolon, comma and newlines escaped. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A parameter value (a common name): quoted, without the characters a quoted value cannot hold. */
function parameterValue(text: string): string {
  return `"${text.replace(/["\r\n]/g, '')}"`;
}

/** Folds a content line into lines of at most 75 octets, continuation lines starting with a space. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    // The first line holds 75 octets; continuations hold 74 after their leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/**
 * The `.ics` text of an invitation or a cancellation.
 * @example buildCalendarEvent({ uid: 'webinar-3-user-5-1779012000000@botica.example', start, end, stamp: new Date(), … })
 */
export function buildCalendarEvent(event: CalendarEvent): string {
  const method = event.method ?? 'request';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Botica//Formacion//ES',
    'CALSCALE:GREGORIAN',
    `METHOD:${method === 'cancel' ? 'CANCEL' : 'REQUEST'}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${icsDateTime(event.stamp)}`,
    `DTSTART:${icsDateTime(event.start)}`,
    `DTEND:${icsDateTime(event.end)}`,
    `SEQUENCE:${event.sequence ?? 0}`,
    `STATUS:${method === 'cancel' ? 'CANCELLED' : 'CONFIRMED'}`,
    `SUMMARY;LANGUAGE=es:${escapeText(event.summary)}`,
    `DESCRIPTION;LANGUAGE=es:${escapeText(event.description)}`,
    `URL:${event.url}`,
    `LOCATION:${escapeText(event.url)}`,
    `ORGANIZER;CN=${parameterValue(event.organizer.name)}:mailto:${event.organizer.email}`,
    `ATTENDEE;CN=${parameterValue(event.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${event.attendee.email}`,
    ...(method === 'cancel'
      ? []
      : [
          'BEGIN:VALARM',
          'ACTION:DISPLAY',
          'TRIGGER:-PT15M',
          `DESCRIPTION:${escapeText(event.summary)}`,
          'END:VALARM',
        ]),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
