/**
 * The layout of the logged-in screens (spec §2): header with the menu, 'Mi pedido' with its badge
 * and the mini cart, the page, the footer. It loads the cart once per session.
 */
import { AppHeader } from '@botica/ui';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { analytics } from '../../features/analytics/analytics-instance.ts';
import { logOut } from '../../features/auth/session.ts';
import {
  cartEnvironmentAtom,
  cartLinesAtom,
  loadCartAtom,
  resetCartAtom,
} from '../../features/cart/cart.atoms.ts';
import { createCartEnvironment } from '../../features/cart/cart-environment.ts';
import { SiteChrome } from './site-chrome.tsx';

export function DefaultLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const setEnvironment = useSetAtom(cartEnvironmentAtom);
  const loadCart = useSetAtom(loadCartAtom);
  const resetCart = useSetAtom(resetCartAtom);
  const lines = useAtomValue(cartLinesAtom);

  useEffect(() => {
    setEnvironment(createCartEnvironment());
    void loadCart();
  }, [setEnvironment, loadCart]);

  async function exit() {
    await logOut();
    resetCart();
    void navigate('/login');
  }

  return (
    <SiteChrome
      header={
        <AppHeader
          isLoggedIn
          currentPath={location.pathname}
          cartItems={lines}
          onLogout={() => void exit()}
          onMenuLinkPress={(item) =>
            analytics.track({ event: 'menu_click', label: item.label, href: item.href })
          }
        />
      }
    >
      <Outlet />
    </SiteChrome>
  );
}
