import { describe, expect, it } from 'vitest';
import { menuFor } from './menu.ts';

const MENU = [
  { label: 'Solicitudes de alta', href: '/registrations' },
  { label: 'Configuración', href: '/configuration' },
];

describe('the menu as each role sees it', () => {
  it('shows the configuration to an admin only', () => {
    expect(menuFor(MENU, { role: 'admin' })).toEqual(MENU);
    expect(menuFor(MENU, { role: 'sales_rep' }).map((item) => item.href)).toEqual(['/registrations']);
    expect(menuFor(MENU, null).map((item) => item.href)).toEqual(['/registrations']);
  });
});
