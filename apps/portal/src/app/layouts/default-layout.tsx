/**
 * The layout of the logged-in screens (spec §2): header with the menu, 'Mi pedido' with its badge
 * and the mini cart, the page, the footer. It loads the cart once per session.
 */
import type { User } from '@botica/api-client/schemas';
import { AppHeader, MiniCart } from '@botica/ui';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate, useRouteLoaderData } from 'react-router';
import { logOut } from '../../features/auth/session.ts';
import {
  cartEnvironmentAtom,
  cartLinesAtom,
  cartQuantityAtom,
  cartTotalsAtom,
  loadCartAtom,
  resetCartAtom,
} from '../../features/cart/cart.atoms.ts';
import { createCartEnvironment } from '../../features/cart/cart-environment.ts';
import { SiteChrome } from './site-chrome.tsx';

export function DefaultLayout() {
  const user = useRouteLoaderData('client') as User;
  const location = useLocation();
  const navigate = useNavigate();
  const setEnvironment = useSetAtom(cartEnvironmentAtom);
  const loadCart = useSetAtom(loadCartAtom);
  const resetCart = useSetAtom(resetCartAtom);
  const lines = useAtomValue(cartLinesAtom);
  const quantity = useAtomValue(cartQuantityAtom);
  const totals = useAtomValue(cartTotalsAtom);

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
          cartQuantity={quantity}
          userName={user.client?.name ?? user.name}
          onLogout={() => void exit()}
          currentPath={location.pathname}
          miniCart={
            <MiniCart
              lines={lines}
              totalCents={totals.priceCents}
              isHidden={lines.length === 0 || location.pathname === '/cart'}
            />
          }
        />
      }
    >
      <Outlet />
    </SiteChrome>
  );
}
