/**
 * The layout of the pages open to anyone that a pharmacist reads logged in (training and the news):
 * for a client the client chrome (header with the menu and 'Mi pedido', footer); for anyone else the
 * public one: the logo, 'Formación / Noticias' and 'Acceder', without cart or search. Under the
 * header, the sub-header its pages' routes name in their `handle`. Its guard logs out a user who is
 * not a client and lets anonymous visitors in; the pages that need a session guard themselves.
 */
import { AriaScope } from '@botica/app-shell';
import { AppHeader } from '@botica/ui';
import { useAtomValue } from 'jotai';
import { type LoaderFunctionArgs, Outlet, useLocation } from 'react-router';
import { analytics } from '../../features/analytics/analytics-instance.ts';
import { guard, isClient, userAtom } from '../../features/auth/session.ts';
import { PORTAL_PATHS, PUBLIC_MENU } from '../../shared/navigation.ts';
import { loadClientLayout, loadedClientLayout } from '../client-layout.ts';
import { SiteChrome } from './site-chrome.tsx';
import { useSubHeader } from './sub-header.ts';

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await guard(request, { requireClient: false });
  // A pharmacist's chrome (header with the cart) is the client chunk: loaded before the page shows.
  if (isClient(user)) await loadClientLayout();
  return null;
}

export function Component() {
  const user = useAtomValue(userAtom);
  const location = useLocation();
  const SubHeader = useSubHeader();
  const client = isClient(user) ? loadedClientLayout() : undefined;
  if (client) {
    return (
      <client.ClientChrome>
        <Outlet />
      </client.ClientChrome>
    );
  }
  return (
    <AriaScope>
      <SiteChrome
        header={
          <AppHeader
            isLoggedIn={false}
            homeHref={PORTAL_PATHS.home}
            navigation={PUBLIC_MENU}
            loginHref={PORTAL_PATHS.login}
            currentPath={location.pathname}
            onMenuLinkPress={(item) =>
              analytics.track({ event: 'menu_click', label: item.label, href: item.href })
            }
          />
        }
        subHeader={SubHeader ? <SubHeader /> : null}
      >
        <Outlet />
      </SiteChrome>
    </AriaScope>
  );
}
