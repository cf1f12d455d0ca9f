import { describe, expect, it } from 'vitest';
import { isForRole, itemsForRole } from './role-items.ts';

type Role = 'admin' | 'sales_rep';

const MENU: readonly { label: string; roles?: readonly Role[] }[] = [
  { label: 'Pedidos' },
  { label: 'Solicitudes de alta', roles: ['admin'] },
  { label: 'Mis farmacias', roles: ['sales_rep'] },
  { label: 'Configuración', roles: ['admin'] },
];

describe('itemsForRole', () => {
  it('gives each role the entries for everyone and its own, in their order', () => {
    expect(itemsForRole(MENU, 'admin').map((item) => item.label)).toEqual([
      'Pedidos',
      'Solicitudes de alta',
      'Configuración',
    ]);
    expect(itemsForRole(MENU, 'sales_rep').map((item) => item.label)).toEqual(['Pedidos', 'Mis farmacias']);
  });

  it('gives nobody anything', () => {
    expect(itemsForRole(MENU, null)).toEqual([]);
    expect(itemsForRole(MENU, undefined)).toEqual([]);
  });

  it('reads an empty list of roles as nobody', () => {
    expect(isForRole({ roles: [] }, 'admin')).toBe(false);
    expect(isForRole({}, 'sales_rep')).toBe(true);
  });
});
