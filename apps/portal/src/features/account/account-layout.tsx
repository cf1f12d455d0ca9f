/**
 * The account layout: the client layout's header and footer, with the account sub-header
 * (the pharmacy's name and the sections EQUIPO COMERCIAL … MIS USUARIOS) between the header and the
 * page. The sub-header is named in the route's `handle`, which the client layout renders under its
 * header; the sections a user may not open (MIS FACTURAS, MIS USUARIOS) are left out.
 */
import { AccountSubHeader } from '@botica/ui';
import { useAtomValue } from 'jotai';
import { Outlet, useLocation } from 'react-router';
import { analytics } from '../analytics/analytics-instance.ts';
import { userAtom } from '../auth/session.ts';
import { accountPermissions, visibleSections } from './permissions.ts';

/** The account sub-header of the logged-in pharmacy; pressing a section sends `account_menu`. */
export function AccountNav() {
  const user = useAtomValue(userAtom);
  const location = useLocation();
  const permissions = accountPermissions(user);
  // A landmark of its own: the pharmacy's name above the sections is not left outside every landmark.
  return (
    <section aria-label="Tu cuenta">
      <AccountSubHeader
        currentPath={location.pathname}
        clientName={user?.client?.name}
        clientDetail={
          user ? (permissions.isMainUser ? user.name : `${user.name} · usuario secundario`) : undefined
        }
        sections={visibleSections(permissions)}
        onLinkPress={(item) => analytics.track({ event: 'account_menu', label: item.label, href: item.href })}
      />
    </section>
  );
}

/** The route's handle: the client layout renders `SubHeader` under its header. */
export const handle = { SubHeader: AccountNav };

/** The account pages themselves. */
export function Component() {
  return <Outlet />;
}
