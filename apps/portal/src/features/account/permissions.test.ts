import type { User } from '@botica/api-client/schemas';
import { describe, expect, it, vi } from 'vitest';

// The session module carries the API client, which needs a browser; the rules here need only a user.
vi.mock('../auth/session.ts', () => ({ userAtom: null }));
const { accountPermissions, visibleSections } = await import('./permissions.ts');

const main: User = {
  id: 1,
  username: 'farmacia.demo',
  name: 'Ana',
  email: null,
  role: 'client',
  client: { id: 7, name: 'Farmacia Demo' },
  is_sub_user: false,
  permissions: { can_send_orders: false, can_view_invoices: false },
};
const sub = (can_send_orders: boolean, can_view_invoices: boolean): User => ({
  ...main,
  id: 2,
  is_sub_user: true,
  permissions: { can_send_orders, can_view_invoices },
});
const labels = (user: User | null) =>
  visibleSections(accountPermissions(user)).map((section) => section.label);

describe('account permissions', () => {
  it('a main user may everything, whatever its row says', () => {
    expect(accountPermissions(main)).toEqual({
      isMainUser: true,
      canSendOrders: true,
      canViewInvoices: true,
    });
    expect(labels(main)).toContain('MIS USUARIOS');
    expect(labels(main)).toContain('MIS FACTURAS');
  });

  it('a sub-user has what the main user gave it, and never MIS USUARIOS', () => {
    expect(accountPermissions(sub(false, true))).toEqual({
      isMainUser: false,
      canSendOrders: false,
      canViewInvoices: true,
    });
    expect(labels(sub(true, true))).not.toContain('MIS USUARIOS');
    expect(labels(sub(true, false))).not.toContain('MIS FACTURAS');
    expect(labels(sub(true, true))).toContain('MIS FACTURAS');
  });

  it('nobody may anything', () => {
    expect(accountPermissions(null)).toEqual({
      isMainUser: false,
      canSendOrders: false,
      canViewInvoices: false,
    });
  });
});
