import { describe, expect, it } from 'vitest';
import { testSettings } from '../settings/settings.ts';
import { calendarProperty, readCalendar } from '../testing/calendar-reader.ts';
import { webinarCancellationMail, webinarEventUid, webinarSignupMail } from './signup-message.ts';

const settings = testSettings({
  mail: { ...testSettings().mail, from: '"Formación Botica" <formacion@botica.example>' },
});
const input = {
  webinar: {
    id: 7,
    title: 'Valeriana y pasiflora',
    startsAt: new Date('2026-05-20T15:00:00Z'),
    durationMinutes: 60,
    speaker: 'Dra. Lucía Ferrer',
  },
  recipient: { name: 'Farmacia Demo', email: 'demo@example.com' },
  signup: { userId: 3, createdAt: new Date('2026-05-01T10:00:00.123Z') },
  portalOrigin: 'https://portal.botica.example',
  settings,
  now: new Date('2026-05-01T10:00:00.123Z'),
};

function calendarOf(message: ReturnType<typeof webinarSignupMail>) {
  const [attachment] = message.attachments ?? [];
  if (!attachment) throw new Error('no attachment');
  return { attachment, properties: readCalendar(attachment.content) };
}

describe('the signup e-mails', () => {
  it('confirm in the one template, with the Madrid time, the page and the laboratory', () => {
    const message = webinarSignupMail(input);
    expect(message).toMatchObject({ kind: 'webinar_signup', to: 'demo@example.com' });
    expect(message.discardAfter?.toISOString()).toBe('2026-05-20T16:00:00.000Z');
    const { mail } = message;
    expect(mail.subject).toBe('Inscripción confirmada: Valeriana y pasiflora');
    expect(mail.text).toContain('Hola, Farmacia Demo:');
    expect(mail.text).toContain('Fecha: miércoles, 20 de mayo de 2026');
    expect(mail.text).toContain('Hora: 17:00 (hora peninsular)');
    expect(mail.text).toContain('Duración: 1 h');
    expect(mail.text).toContain('Ver el webinar:\nhttps://portal.botica.example/formacion/agenda-webinars/7');
    // The template's contact block, from the settings.
    expect(mail.text).toContain(`-- \n${settings.laboratory.name}`);
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.html).toContain('>Datos del webinar</caption>');
    expect(mail.html).toContain('href="https://portal.botica.example/formacion/agenda-webinars/7"');
  });

  it('attach an invitation: REQUEST, the UTC start and end, organizer from MAIL_FROM, the attendee', () => {
    const { attachment, properties } = calendarOf(webinarSignupMail(input));
    expect(attachment).toMatchObject({
      filename: 'webinar.ics',
      contentType: 'text/calendar; charset=utf-8; method=REQUEST',
    });
    const value = (name: string) => calendarProperty(properties, name).value;
    expect(value('METHOD')).toBe('REQUEST');
    expect(value('UID')).toBe('webinar-7-user-3-1777629600123@botica.example');
    expect(value('DTSTART')).toBe('20260520T150000Z');
    expect(value('DTEND')).toBe('20260520T160000Z');
    expect(value('SEQUENCE')).toBe('0');
    expect(value('URL')).toBe('https://portal.botica.example/formacion/agenda-webinars/7');
    expect(calendarProperty(properties, 'ORGANIZER')).toEqual({
      name: 'ORGANIZER',
      params: { CN: 'Formación Botica' },
      value: 'mailto:formacion@botica.example',
    });
    expect(calendarProperty(properties, 'ATTENDEE')).toMatchObject({
      params: { CN: 'Farmacia Demo' },
      value: 'mailto:demo@example.com',
    });
  });

  it('name the laboratory as organizer when MAIL_FROM has no display name', () => {
    const bare = {
      ...input,
      settings: testSettings({ mail: { ...settings.mail, from: 'formacion@botica.example' } }),
    };
    const { properties } = calendarOf(webinarSignupMail(bare));
    expect(calendarProperty(properties, 'ORGANIZER').params.CN).toBe(settings.laboratory.name);
  });

  it('cancel the same event (same UID) with a higher sequence', () => {
    const invitation = calendarOf(webinarSignupMail(input)).properties;
    const message = webinarCancellationMail({ ...input, now: new Date('2026-05-02T10:00:00Z') });
    expect(message.kind).toBe('webinar_cancellation');
    expect(message.mail.subject).toBe('Inscripción cancelada: Valeriana y pasiflora');
    expect(message.mail.text).toContain('del miércoles, 20 de mayo de 2026, a las 17:00 (hora peninsular)');
    const { attachment, properties: cancel } = calendarOf(message);
    expect(attachment.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
    const value = (properties: typeof cancel, name: string) => calendarProperty(properties, name).value;
    expect(value(cancel, 'METHOD')).toBe('CANCEL');
    expect(value(cancel, 'STATUS')).toBe('CANCELLED');
    expect(value(cancel, 'UID')).toBe(value(invitation, 'UID'));
    expect(Number(value(cancel, 'SEQUENCE'))).toBeGreaterThan(Number(value(invitation, 'SEQUENCE')));
  });

  it('give each signup its own event: another user, or the same one signing up again', () => {
    const first = webinarEventUid(7, input.signup, 'formacion@botica.example');
    expect(webinarEventUid(7, { ...input.signup, userId: 4 }, 'formacion@botica.example')).not.toBe(first);
    expect(
      webinarEventUid(
        7,
        { ...input.signup, createdAt: new Date('2026-05-03T09:00:00Z') },
        'formacion@botica.example',
      ),
    ).not.toBe(first);
  });
});
