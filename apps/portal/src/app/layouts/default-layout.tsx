/**
 * The layout of the logged-in screens (spec §2): header with the menu, 'Mi pedido' with its badge
 * and the mini cart, the page, the footer. It loads the cart once per visit (cart-loading.ts).
 */
import { AppHeader } from '@botica/ui';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { analytics } from '../../features/analytics/analytics-instance.ts';
import { logOut } from '../../features/auth/session.ts';
import { cartLinesAtom, resetCartAtom } from '../../features/cart/cart.atoms.ts';
import { ensureCartLoaded, forgetCartLoad } from '../../features/cart/cart-loading.ts';
import { AriaScope } from '../aria-scope.tsx';
import { SiteChrome } from './site-chrome.tsx';

/** The header reads the cart itself: a change of the cart renders the header, not the whole page. */
function ClientHeader() {
  const location = useLocation();
  const navigate = useNavigate();
  const resetCart = useSetAtom(resetCartAtom);
  const lines = useAtomValue(cartLinesAtom);

  async function exit() {
    await logOut();
    resetCart();
    void navigate('/login');
  }

  return (
    <AppHeader
      isLoggedIn
      currentPath={location.pathname}
      cartItems={lines}
      onLogout={() => void exit()}
      onMenuLinkPress={(item) => analytics.track({ event: 'menu_click', label: item.label, href: item.href })}
    />
  );
}

export function DefaultLayout() {
  useEffect(() => {
    void ensureCartLoaded();
    return forgetCartLoad;
  }, []);

  return (
    <AriaScope>
      <SiteChrome header={<ClientHeader />}>
        <Outlet />
      </SiteChrome>
    </AriaScope>
  );
}
