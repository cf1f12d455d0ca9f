import { describe, expect, it } from 'vitest';
import { actionLabel, fieldChanges, objectTypeLabel, valueText } from './describe-change.ts';

describe('an audit row in words', () => {
  it('names the known actions, composes the verbs of others, and keeps an unknown one as recorded', () => {
    expect(actionLabel('registration.approved')).toBe('Aprobó la solicitud de alta');
    expect(actionLabel('client.updated')).toBe('Cambió: Farmacia');
    expect(actionLabel('widget.created')).toBe('Creó: widget');
    expect(actionLabel('something')).toBe('something');
    expect(objectTypeLabel('registration')).toBe('Solicitud de alta');
    // The ERP's changes and the integration's own: named, or composed in Spanish, never raw.
    expect(actionLabel('integration.special_prices')).toBe('El ERP envió precios especiales');
    expect(actionLabel('api_key.revoked')).toBe('Revocó la clave de API');
    expect(actionLabel('webhook_endpoint.created')).toBe('Creó: Webhook');
    expect(actionLabel('post.published')).toBe('Publicó: Noticia');
  });

  it('writes values for a person: none, yes/no, numbers, objects', () => {
    expect(valueText(null)).toBe('—');
    expect(valueText(true)).toBe('sí');
    expect(valueText(12)).toBe('12');
    expect(valueText({ a: 1 })).toBe('{"a":1}');
    // Instants in Madrid's time (summer time here), other strings as they are.
    expect(valueText('2026-07-01T15:00:00.000Z')).toBe('01/07/2026 17:00');
    expect(valueText('2026-07-01')).toBe('2026-07-01');
  });

  it('lists the fields before → after, the changed ones first', () => {
    const rows = fieldChanges(
      { status: 'pending', pharmacy_name: 'Farmacia Sol', client_id: null },
      { status: 'approved', pharmacy_name: 'Farmacia Sol', client_id: 40, client_created: true },
    );
    expect(rows).toEqual([
      { field: 'status', before: 'pending', after: 'approved', isChanged: true },
      { field: 'client_id', before: '—', after: '40', isChanged: true },
      { field: 'client_created', before: '—', after: 'sí', isChanged: true },
      { field: 'pharmacy_name', before: 'Farmacia Sol', after: 'Farmacia Sol', isChanged: false },
    ]);
  });

  it('shows a creation and a deletion with nothing on one side', () => {
    expect(fieldChanges(null, { name: 'Nueva' })).toEqual([
      { field: 'name', before: '—', after: 'Nueva', isChanged: true },
    ]);
    expect(fieldChanges({ name: 'Vieja' }, null)).toEqual([
      { field: 'name', before: 'Vieja', after: '—', isChanged: true },
    ]);
  });
});
