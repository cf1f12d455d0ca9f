/**
 * The layout of the logged-in screens: header with the menu, 'Mi pedido' with its badge
 * and the mini cart, the page, the footer. It loads the cart once per visit (cart-loading.ts). The
 * error pages wear it too, for a logged-in pharmacist (error-chrome.tsx).
 */

import { AriaScope } from '@botica/app-shell';
import { AppHeader } from '@botica/ui';
import { useAtomValue, useSetAtom } from 'jotai';
import { type ReactNode, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { analytics } from '../../features/analytics/analytics-instance.ts';
import { currentUser, isClient, logOut, userAtom } from '../../features/auth/session.ts';
import { cartLinesAtom, resetCartAtom, settleCartAtom } from '../../features/cart/cart.atoms.ts';
import { useCartLoad } from '../../features/cart/cart-loading.ts';
import { useOrderRules } from '../../features/cart/order-rules.tsx';
import { CLIENT_MENU, PORTAL_PATHS } from '../../shared/navigation.ts';
import { SiteChrome } from './site-chrome.tsx';
import { useSubHeader } from './sub-header.ts';

/** The header reads the cart itself: a change of the cart renders the header, not the whole page. */
function ClientHeader() {
  const location = useLocation();
  const navigate = useNavigate();
  const resetCart = useSetAtom(resetCartAtom);
  const settleCart = useSetAtom(settleCartAtom);
  const lines = useAtomValue(cartLinesAtom);
  const rules = useOrderRules({ isCompact: true });

  async function exit() {
    // A quantity changed on screen is saved before the session ends, not lost with it.
    await settleCart();
    await logOut();
    resetCart();
    void navigate(PORTAL_PATHS.login);
  }

  return (
    <AppHeader
      isLoggedIn
      homeHref={PORTAL_PATHS.home}
      navigation={CLIENT_MENU}
      cartHref={PORTAL_PATHS.cart}
      accountHref={PORTAL_PATHS.account}
      currentPath={location.pathname}
      cartItems={lines}
      miniCartRules={{
        orderMinimumAmountCents: rules.orderMinimumAmountCents,
        monthlyCap: rules.monthlyCap,
        contact: rules.contact,
        sendRestriction: rules.sendRestriction,
      }}
      onLogout={() => void exit()}
      onMenuLinkPress={(item) => analytics.track({ event: 'menu_click', label: item.label, href: item.href })}
    />
  );
}

/** The logged-in chrome around any content: the header (with the cart, loaded once per visit) and the footer. */
export function ClientChrome({ children, subHeader }: { children: ReactNode; subHeader?: ReactNode }) {
  const SubHeader = useSubHeader();
  useCartLoad();

  return (
    <AriaScope>
      <SiteChrome header={<ClientHeader />} subHeader={subHeader ?? (SubHeader ? <SubHeader /> : null)}>
        {children}
      </SiteChrome>
    </AriaScope>
  );
}

/** The client routes' layout: their guard let only a client in. */
export function DefaultLayout() {
  return (
    <ClientChrome>
      <Outlet />
    </ClientChrome>
  );
}

/**
 * The chrome for whoever is there, outside the guarded routes (the error pages): the logged-in one
 * for a client, the anonymous one (the login pages' footer and cookie control) for anyone else.
 */
export function SessionChrome({ children }: { children: ReactNode }) {
  const user = useAtomValue(userAtom);
  useEffect(() => {
    void currentUser();
  }, []);
  if (isClient(user)) return <ClientChrome>{children}</ClientChrome>;
  return <SiteChrome header={null}>{children}</SiteChrome>;
}
