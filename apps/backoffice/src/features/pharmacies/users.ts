/** How the pharmacy's page describes each of its users: kind, state, permissions, pending link. */
import type { AdminPharmacyUser } from '@botica/api-client/admin';
import type { BadgeTone } from '@botica/ui';
import type { UserAction } from './queries.ts';

/** One fact about a user, as a badge. */
export interface UserFact {
  label: string;
  tone: BadgeTone;
}

/**
 * The badges of a user: main user or sub-user, active or not, a sub-user's missing permissions (a
 * main user always has both), and a password link sent and not used yet.
 */
export function userFacts(user: AdminPharmacyUser): UserFact[] {
  const facts: UserFact[] = [
    user.is_main_user
      ? { label: 'Usuario principal', tone: 'primary' }
      : { label: 'Subusuario', tone: 'neutral' },
    user.is_active ? { label: 'Activo', tone: 'success' } : { label: 'Desactivado', tone: 'danger' },
  ];
  if (user.password_link_pending) facts.push({ label: 'Enlace pendiente', tone: 'warning' });
  return facts;
}

/** What a user may do, in words ('Todos los permisos' for a main user). */
export function permissionsText(user: AdminPharmacyUser): string {
  if (user.is_main_user) return 'Todos los permisos';
  const { can_send_orders: sends, can_view_invoices: sees } = user.permissions;
  return [sends ? 'Envía pedidos' : 'No envía pedidos', sees ? 've facturas' : 'no ve facturas'].join(', ');
}

/** The main user first, then the sub-users by name (as the server sends them, kept if it ever does not). */
export function orderedUsers(users: readonly AdminPharmacyUser[]): AdminPharmacyUser[] {
  return [...users].sort(
    (a, b) => Number(b.is_main_user) - Number(a.is_main_user) || a.name.localeCompare(b.name, 'es'),
  );
}

/**
 * The actions an admin may take on a user in its state: an inactive one can only be activated (the
 * server refuses a password link to him, and he has no session to end).
 */
export function actionsFor(user: Pick<AdminPharmacyUser, 'is_active'>): UserAction[] {
  return user.is_active ? ['deactivate', 'invite', 'end-sessions'] : ['activate'];
}
