import { describe, expect, it } from 'vitest';
import { buildCalendarEvent, escapeText, foldLine, icsDateTime } from './ics.ts';

const event = {
  uid: 'webinar-12@botica.es',
  start: new Date('2026-05-20T15:00:00Z'),
  end: new Date('2026-05-20T16:30:00Z'),
  stamp: new Date('2026-05-01T08:09:10.123Z'),
  summary: 'Valeriana, pasiflora y melisa: el sueño en la farmacia',
  description:
    'Ponente: Dra. Lucía Ferrer; duración 1 h 30 min.\nEl enlace para entrar aparece en la página del webinar, 15 minutos antes.',
  url: 'https://portal.botica.es/formacion/agenda-webinars/12',
  organizer: { name: 'Botica Formación', email: 'formacion@botica.es' },
  attendee: { name: 'Farmacia "Demo", Ana', email: 'ana@farmacia.es' },
};

/** Unfolds content lines (RFC 5545 §3.1). */
function unfold(ics: string): string[] {
  return ics.replace(/\r\n /g, '').split('\r\n');
}

describe('buildCalendarEvent', () => {
  const ics = buildCalendarEvent(event);

  it('writes one VEVENT with CRLF line ends, times in UTC and the required properties', () => {
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = unfold(ics);
    expect(lines.slice(0, 6)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Botica//Formacion//ES',
      'CALSCALE:GREGORIAN',
      'METHOD:REQUEST',
      'BEGIN:VEVENT',
    ]);
    expect(lines).toContain('UID:webinar-12@botica.es');
    expect(lines).toContain('DTSTAMP:20260501T080910Z');
    expect(lines).toContain('DTSTART:20260520T150000Z');
    expect(lines).toContain('DTEND:20260520T163000Z');
    expect(lines).toContain('STATUS:CONFIRMED');
    expect(lines).toContain('ORGANIZER;CN="Botica Formación":mailto:formacion@botica.es');
    expect(lines.find((line) => line.startsWith('ATTENDEE'))).toBe(
      'ATTENDEE;CN="Farmacia Demo, Ana";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:ana@farmacia.es',
    );
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });

  it('escapes TEXT values', () => {
    expect(escapeText('a;b,c\\d\ne')).toBe('a\\;b\\,c\\\\d\\ne');
    expect(unfold(ics)).toContain(
      'DESCRIPTION;LANGUAGE=es:Ponente: Dra. Lucía Ferrer\\; duración 1 h 30 min.\\nEl enlace para entrar aparece en la página del webinar\\, 15 minutos antes.',
    );
  });

  it('folds every line at 75 octets without splitting a character', () => {
    const encoder = new TextEncoder();
    for (const line of ics.split('\r\n')) expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
    const folded = foldLine(`DESCRIPTION:${'ñ'.repeat(100)}`);
    expect(folded.replace(/\r\n /g, '')).toBe(`DESCRIPTION:${'ñ'.repeat(100)}`);
    for (const part of folded.split('\r\n')) expect(encoder.encode(part).length).toBeLessThanOrEqual(75);
  });

  it('cancels with METHOD:CANCEL, STATUS:CANCELLED and a higher sequence', () => {
    const cancel = unfold(buildCalendarEvent({ ...event, method: 'cancel', sequence: 1 }));
    expect(cancel).toContain('METHOD:CANCEL');
    expect(cancel).toContain('STATUS:CANCELLED');
    expect(cancel).toContain('SEQUENCE:1');
    expect(cancel).not.toContain('BEGIN:VALARM');
  });

  it('refuses an invalid date', () => {
    expect(() => icsDateTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});
