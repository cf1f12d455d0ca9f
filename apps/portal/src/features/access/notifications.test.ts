import { ACCESS_MESSAGES } from '@botica/api-client/schemas';
import { describe, expect, it } from 'vitest';
import { NOTIFICATIONS, notificationFor, notificationPath } from './notifications.ts';

describe('the notification after an access step', () => {
  it('is found from its address, and says what the server said', () => {
    expect(notificationFor(notificationPath('alta').split('?')[1] ?? '')).toBe(NOTIFICATIONS.alta);
    expect(notificationFor('?motivo=enlace')?.lead).toBe(ACCESS_MESSAGES.resetSent);
    expect(notificationFor('?motivo=cambio')?.action.href).toBe('/login');
  });

  it('is none for a missing or unknown reason', () => {
    for (const search of ['', '?motivo=', '?motivo=toString', '?motivo=ALTA', '?otro=alta']) {
      expect(notificationFor(search), search).toBeNull();
    }
  });

  it('words a first password as such, never as a change of the old one', () => {
    const first = notificationFor('?motivo=acceso');
    expect(first?.title).toBe('Contraseña guardada');
    expect(first?.lead).toBe(ACCESS_MESSAGES.firstPasswordSet);
    expect([first?.title, first?.lead, ...(first?.next ?? [])].join(' ')).not.toMatch(
      /cambiad|anterior|cerrado las sesiones/,
    );
  });

  it('tells a reset link lasts 60 minutes and to look in spam', () => {
    expect(NOTIFICATIONS.enlace.next.join(' ')).toContain('60 minutos');
    expect(NOTIFICATIONS.enlace.next.join(' ')).toContain('spam');
  });
});
