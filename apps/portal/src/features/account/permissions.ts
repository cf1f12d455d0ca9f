/**
 * What the logged-in pharmacy user may do in the account area and the cart: a main user may
 * everything; a sub-user has what the main user gave it (`can_send_orders`, `can_view_invoices`).
 * The server enforces the same (403); the portal hides what a user may not do.
 */
import type { User } from '@botica/api-client/schemas';
import { useAtomValue } from 'jotai';
import { ACCOUNT_SECTIONS } from '../../shared/navigation.ts';
import { userAtom } from '../auth/session.ts';

/** A user's permissions in the portal. */
export interface AccountPermissions {
  /** The pharmacy's main user: only it manages the sub-users (MIS USUARIOS). */
  isMainUser: boolean;
  /** May send the cart as an order; otherwise the main user sends it. */
  canSendOrders: boolean;
  /** May see the invoices and refunds (MIS FACTURAS). */
  canViewInvoices: boolean;
}

const NOBODY: AccountPermissions = { isMainUser: false, canSendOrders: false, canViewInvoices: false };

/** A user's permissions (none for nobody). */
export function accountPermissions(user: User | null): AccountPermissions {
  if (user === null) return NOBODY;
  return {
    isMainUser: !user.is_sub_user,
    canSendOrders: !user.is_sub_user || user.permissions.can_send_orders,
    canViewInvoices: !user.is_sub_user || user.permissions.can_view_invoices,
  };
}

/** The logged-in user's permissions (the account pages and the cart use it). */
export function useAccountPermissions(): AccountPermissions {
  return accountPermissions(useAtomValue(userAtom));
}

/** The account sections a user sees: MIS FACTURAS and MIS USUARIOS only with the permission. */
export function visibleSections(permissions: AccountPermissions): typeof ACCOUNT_SECTIONS {
  return ACCOUNT_SECTIONS.filter(
    (section) =>
      (section.href !== '/account/invoices' || permissions.canViewInvoices) &&
      (section.href !== '/account/users' || permissions.isMainUser),
  );
}
