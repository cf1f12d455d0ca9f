import { describe, expect, it } from 'vitest';
import { testSettings } from '../settings/settings.ts';
import { calendarProperty, readCalendar } from '../testing/calendar-reader.ts';
import { tagSlug } from './admin-training-service.ts';
import { webinarCancellationMail, webinarChangeMail } from './signup-message.ts';

describe('tagSlug', () => {
  it('writes a tag without accents, in lower case, words joined by hyphens', () => {
    expect(tagSlug('Sueño y estrés')).toBe('sueno-y-estres');
    expect(tagSlug('  ¡Ñ!  ')).toBe('n');
    expect(tagSlug('—')).toBe('etiqueta');
  });
});

describe('the change notice', () => {
  const input = {
    webinar: {
      id: 7,
      title: 'Valeriana',
      startsAt: new Date('2027-03-29T08:00:00Z'),
      durationMinutes: 60,
      speaker: 'Dra. Ruiz',
      version: 2,
    },
    recipient: { name: 'Farmacia Demo', email: 'demo@example.com' },
    signup: { userId: 3, createdAt: new Date('2027-03-01T10:00:00Z') },
    portalOrigin: 'https://portal.botica.example',
    settings: testSettings(),
    now: new Date('2027-03-10T10:00:00Z'),
  };
  const sequence = (content: string) => calendarProperty(readCalendar(content), 'SEQUENCE').value;

  it('moves the event the signup put in the calendar: its UID, the new start, a higher sequence', () => {
    const message = webinarChangeMail(input);
    expect(message.kind).toBe('webinar_change');
    expect(message.mail.text).toContain('Hora: 10:00 (hora peninsular)');
    const [attachment] = message.attachments ?? [];
    const properties = readCalendar(attachment?.content ?? '');
    expect(calendarProperty(properties, 'METHOD').value).toBe('REQUEST');
    expect(calendarProperty(properties, 'DTSTART').value).toBe('20270329T080000Z');
    expect(calendarProperty(properties, 'UID').value).toMatch(/^webinar-7-user-3-/);
    expect(sequence(attachment?.content ?? '')).toBe('2');
    // A cancellation after the change comes after it.
    expect(sequence(webinarCancellationMail(input).attachments?.[0]?.content ?? '')).toBe('3');
  });
});
