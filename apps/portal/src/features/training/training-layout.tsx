/**
 * The `formacion` layout: the training sub-menu under the header. For a logged-in pharmacist
 * it is the client chrome (header, 'Mi pedido', footer); for anyone else the public one: the logo,
 * 'Formación / Noticias' and 'Acceder', without cart or search. Its guard logs out a user
 * who is not a client, and lets anonymous visitors in; the pages that need a session guard themselves.
 */

import { AriaScope } from '@botica/app-shell';
import { AppHeader, TrainingSubMenu } from '@botica/ui';
import { useAtomValue } from 'jotai';
import type { LoaderFunctionArgs } from 'react-router';
import { Outlet, useLocation } from 'react-router';
// biome-ignore lint/style/noRestrictedImports: a layout of its own, on the app's chromes, until the router composes it.
import { loadClientLayout, loadedClientLayout } from '../../app/client-layout.ts';
// biome-ignore lint/style/noRestrictedImports: a layout of its own, on the app's chromes, until the router composes it.
import { SiteChrome } from '../../app/layouts/site-chrome.tsx';
import { PORTAL_PATHS, PUBLIC_MENU, trainingMenuItems } from '../../shared/navigation.ts';
import { analytics } from '../analytics/analytics-instance.ts';
import { guard, isClient, userAtom } from '../auth/session.ts';
import { SHOW_NEWSLETTER_IN_MENU } from './training-switches.ts';
import './training.css';

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await guard(request, { requireClient: false });
  // A pharmacist's chrome (header with the cart) is the client chunk: loaded before the page shows.
  if (isClient(user)) await loadClientLayout();
  return null;
}

const trackMenu = (item: { label: string; href: string }) =>
  analytics.track({ event: 'menu_click', label: item.label, href: item.href });

function SubMenu({ isLoggedIn }: { isLoggedIn: boolean }) {
  const location = useLocation();
  return (
    <TrainingSubMenu
      items={trainingMenuItems(isLoggedIn, SHOW_NEWSLETTER_IN_MENU)}
      currentPath={location.pathname}
      onLinkPress={trackMenu}
    />
  );
}

export function Component() {
  const user = useAtomValue(userAtom);
  const location = useLocation();
  const client = isClient(user) ? loadedClientLayout() : undefined;
  if (client) {
    return (
      <client.ClientChrome subHeader={<SubMenu isLoggedIn />}>
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
            onMenuLinkPress={trackMenu}
          />
        }
        subHeader={<SubMenu isLoggedIn={false} />}
      >
        <Outlet />
      </SiteChrome>
    </AriaScope>
  );
}
