/**
 * Menus and route tables whose entries some roles only may see: an entry names the roles it is for,
 * or none for everyone the app lets in.
 */

/** An entry shown to some roles only: every role of the app when `roles` is absent. */
export interface ForRoles<Role extends string = string> {
  /** The roles that see it. @default every role the app lets in */
  roles?: readonly Role[] | undefined;
}

/** Whether `role` sees `entry`: nobody (no user) sees anything. */
export function isForRole<Role extends string>(
  entry: ForRoles<Role>,
  role: Role | null | undefined,
): boolean {
  if (role === null || role === undefined) return false;
  return entry.roles === undefined || entry.roles.includes(role);
}

/**
 * The entries `role` sees, in their order.
 * @example itemsForRole(STAFF_MENU, user?.role) // a sales rep's menu, without the admins' sections
 */
export function itemsForRole<Entry extends ForRoles>(
  entries: readonly Entry[],
  role: NonNullable<Entry['roles']>[number] | null | undefined,
): Entry[] {
  return entries.filter((entry) => isForRole(entry, role));
}
