import { describe, expect, it } from 'vitest';
import { webinarCancellationMessage, webinarSignupMessage } from './signup-message.ts';

const input = {
  webinar: {
    id: 7,
    title: 'Valeriana y pasiflora',
    startsAt: new Date('2026-05-20T15:00:00Z'),
    durationMinutes: 60,
    speaker: 'Dra. Lucía Ferrer',
  },
  recipient: { name: 'Farmacia Demo', email: 'demo@example.com' },
  publicUrl: 'https://portal.botica.es',
  now: new Date('2026-05-01T10:00:00Z'),
};

describe('the signup e-mails', () => {
  it('confirm with the Madrid time and an invitation for the calendar', () => {
    const message = webinarSignupMessage(input);
    expect(message.subject).toBe('Inscripción confirmada: Valeriana y pasiflora');
    expect(message.text).toContain('miércoles, 20 de mayo de 2026, a las 17:00 (hora peninsular)');
    const [ics] = message.attachments;
    expect(ics?.contentType).toBe('text/calendar; charset=utf-8; method=REQUEST');
    expect(ics?.content).toContain('DTSTART:20260520T150000Z\r\n');
    expect(ics?.content).toContain('UID:webinar-7@botica.es\r\n');
  });

  it('cancel the same event with a later sequence', () => {
    const invitation = webinarSignupMessage(input).attachments[0]?.content ?? '';
    const cancel =
      webinarCancellationMessage({ ...input, now: new Date('2026-05-02T10:00:00Z') }).attachments[0]
        ?.content ?? '';
    expect(cancel).toContain('METHOD:CANCEL');
    expect(cancel).toContain('UID:webinar-7@botica.es');
    const sequence = (ics: string) => Number(/SEQUENCE:(\d+)/.exec(ics)?.[1]);
    expect(sequence(cancel)).toBeGreaterThan(sequence(invitation));
  });
});
