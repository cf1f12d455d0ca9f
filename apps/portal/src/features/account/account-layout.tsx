/**
 * The account layout (spec §2): the client layout's header and footer, with the account sub-header
 * (the pharmacy's name and the sections EQUIPO COMERCIAL … MIS USUARIOS) between the header and the
 * page. The sub-header is named in the route's `handle`, which the client layout renders under its
 * header; the sections a user may not open (MIS FACTURAS, MIS USUARIOS) are left out.
 */
import { AccountSubHeader } from '@botica/ui';
import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { analytics } from '../analytics/analytics-instance.ts';
import { userAtom } from '../auth/session.ts';
import { accountPermissions, visibleSections } from './permissions.ts';

/** The account sub-header of the logged-in pharmacy; pressing a section sends `account_menu`. */
export function AccountNav() {
  const user = useAtomValue(userAtom);
  const location = useLocation();
  const permissions = accountPermissions(user);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    // On a narrow screen the sections scroll sideways: the current one is brought into sight (the row
    // alone scrolls, never the page).
    const current = ref.current?.querySelector<HTMLElement>('[aria-current="page"]');
    let row = current?.parentElement ?? null;
    while (row && row !== ref.current && row.scrollWidth <= row.clientWidth) row = row.parentElement;
    if (!current || !row || row === ref.current) return;
    const left = current.offsetLeft - row.offsetLeft;
    if (left + current.offsetWidth > row.scrollLeft + row.clientWidth || left < row.scrollLeft) {
      row.scrollLeft = Math.max(0, left - 16);
    }
  }, [location.pathname]);
  // A landmark of its own: the pharmacy's name above the sections is not left outside every landmark.
  return (
    <section aria-label="Tu cuenta" ref={ref}>
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
