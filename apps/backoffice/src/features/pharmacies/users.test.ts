import type { AdminPharmacyUser } from '@botica/api-client/admin';
import { describe, expect, it } from 'vitest';
import { actionsFor, orderedUsers, permissionsText, userFacts } from './users.ts';

function user(changes: Partial<AdminPharmacyUser>): AdminPharmacyUser {
  return {
    id: 1,
    username: 'farmacia.norte',
    name: 'Farmacia Norte',
    email: null,
    is_main_user: true,
    is_active: true,
    permissions: { can_send_orders: true, can_view_invoices: true },
    password_link_pending: false,
    created_at: '2026-01-10T09:00:00.000Z',
    ...changes,
  };
}

describe('userFacts', () => {
  it('names a main user, active', () => {
    expect(userFacts(user({})).map((fact) => fact.label)).toEqual(['Usuario principal', 'Activo']);
  });

  it('says a sub-user is deactivated and has a link pending', () => {
    expect(
      userFacts(user({ is_main_user: false, is_active: false, password_link_pending: true })).map(
        (fact) => fact.label,
      ),
    ).toEqual(['Subusuario', 'Desactivado', 'Enlace pendiente']);
  });
});

describe('permissionsText', () => {
  it('gives a main user every permission, whatever is stored', () => {
    expect(permissionsText(user({ permissions: { can_send_orders: false, can_view_invoices: false } }))).toBe(
      'Todos los permisos',
    );
  });

  it('says what a sub-user may not do', () => {
    expect(
      permissionsText(
        user({ is_main_user: false, permissions: { can_send_orders: false, can_view_invoices: true } }),
      ),
    ).toBe('No envía pedidos, ve facturas');
  });
});

describe('orderedUsers', () => {
  it('puts the main user first, then the sub-users by name', () => {
    const users = [
      user({ id: 2, name: 'Zoe', is_main_user: false }),
      user({ id: 3, name: 'Álvaro', is_main_user: false }),
      user({ id: 1, name: 'Principal' }),
    ];
    expect(orderedUsers(users).map((row) => row.id)).toEqual([1, 3, 2]);
  });
});

describe('actionsFor', () => {
  it('offers an active user every action but activation, and an inactive one only activation', () => {
    expect(actionsFor({ is_active: true })).toEqual(['deactivate', 'invite', 'end-sessions']);
    expect(actionsFor({ is_active: false })).toEqual(['activate']);
  });
});
