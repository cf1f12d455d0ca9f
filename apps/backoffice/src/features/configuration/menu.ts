/** The back office's menu as each role sees it: the configuration is the admins'. */
import type { User } from '@botica/api-client/schemas';
import type { NavItem } from '@botica/ui';
import { CONFIGURATION_PATH } from './routes.ts';

/** The menu's items only an admin may open (the server answers anyone else 403). */
const ADMIN_ONLY = new Set([CONFIGURATION_PATH]);

/** The menu without the admins' items for anyone who is not an admin. */
export function menuFor(menu: readonly NavItem[], user: Pick<User, 'role'> | null): NavItem[] {
  return menu.filter((item) => user?.role === 'admin' || !ADMIN_ONLY.has(item.href));
}
