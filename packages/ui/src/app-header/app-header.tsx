import { totalQuantity } from '@botica/domain';
import { type ReactNode, useRef } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { Badge } from '../badge/badge.tsx';
import { CartIcon, LeafIcon, LogoutIcon, UserIcon } from '../icons/icons.tsx';
import { cx } from '../internal/class-names.ts';
import { isCurrentPath, type NavItem, NavLinks } from '../internal/nav-links.tsx';
import { PlainLink } from '../internal/plain-link.tsx';
import { MiniCart, type MiniCartProps } from '../mini-cart/mini-cart.tsx';
import type { CartItem } from '../types.ts';
import { useStackedMenu } from './use-stacked-menu.ts';

/** The header's own words, for an app in another voice; each left out keeps its default. */
export interface AppHeaderLabels {
  /** The main menu's landmark name. @default 'Principal' */
  navigation: string;
  /** The cart link. @default 'Mi pedido' */
  cart: string;
  /** The account link. @default 'Mi cuenta' */
  account: string;
  /** The logout button. @default 'Salir' */
  logout: string;
  /** The login link, when nobody is logged in. @default 'Acceder' */
  login: string;
}

const DEFAULT_LABELS: AppHeaderLabels = {
  navigation: 'Principal',
  cart: 'Mi pedido',
  account: 'Mi cuenta',
  logout: 'Salir',
  login: 'Acceder',
};

export interface AppHeaderProps {
  /** The home page's address: the logo links there. */
  homeHref: string;
  /**
   * The main menu's links, in order (the portal's: 'Catálogo de Productos', 'Formación / Noticias',
   * 'Te escuchamos').
   */
  navigation: ReadonlyArray<NavItem>;
  /**
   * Whether someone is logged in: the cart, account and logout actions; otherwise only the login link.
   * @default true
   */
  isLoggedIn?: boolean;
  /** The current route's path; the link it falls under is marked as the current page. */
  currentPath?: string;
  /** The cart page's address: with it, a logged-in header shows the cart link, its badge and the mini cart. */
  cartHref?: string;
  /** The cart's lines: the badge shows their total quantity, the mini cart lists them. */
  cartItems?: ReadonlyArray<CartItem>;
  /** The account area's address: with it, a logged-in header shows the account link. */
  accountHref?: string;
  /** The login page's address: with it, a header without a session shows the login link. */
  loginHref?: string;
  /** Called by the logout button, which a logged-in header shows when it is given. */
  onLogout?: () => void;
  /** Called when a menu link is pressed (for the 'menu click' analytics event). */
  onMenuLinkPress?: (item: NavItem) => void;
  /** The header's words. @default 'Principal', 'Mi pedido', 'Mi cuenta', 'Salir', 'Acceder' */
  labels?: Partial<AppHeaderLabels>;
  /** The laboratory's logo; by default a leaf and the name. */
  logo?: ReactNode;
  /**
   * The laboratory's name, next to the default logo and as the home link's name.
   * @default 'Botica'
   */
  labName?: string;
  /** Whether the mini cart is open (controlled). */
  isMiniCartOpen?: boolean;
  /** Called when the mini cart opens or closes. */
  onMiniCartOpenChange?: (isOpen: boolean) => void;
  /**
   * Whether the mini cart starts open (stories and screenshots).
   * @default false
   */
  defaultMiniCartOpen?: boolean;
  /**
   * What the mini cart says under its subtotal, as the cart page does: the minimum order, the
   * monthly cap, and why this user may not send the order.
   */
  miniCartRules?: Pick<
    MiniCartProps,
    'orderMinimumAmountCents' | 'monthlyCap' | 'contact' | 'sendRestriction'
  >;
  /** Extra class names. */
  className?: string;
}

/**
 * The site's header: the logo; the main menu the app gives; 'Mi pedido' with the total-quantity badge
 * and the mini cart, 'Mi cuenta' and 'Salir' (or 'Acceder' without a session). When the menu and the
 * actions no longer fit on one row (tablets, narrow desktops) the menu moves to a second row; on phones
 * its links share that row in equal columns, and the actions keep their icons (their names stay for
 * assistive technology).
 * @example
 * <AppHeader
 *   homeHref="/"
 *   navigation={[{ label: 'Catálogo de Productos', href: '/catalog' }]}
 *   cartHref="/cart"
 *   accountHref="/account"
 *   currentPath={pathname}
 *   cartItems={cart.items}
 *   onLogout={logout}
 * />
 */
export function AppHeader({
  homeHref,
  navigation,
  isLoggedIn = true,
  currentPath,
  cartHref,
  cartItems = [],
  accountHref,
  loginHref,
  onLogout,
  onMenuLinkPress,
  labels: labelOverrides,
  logo,
  labName = 'Botica',
  isMiniCartOpen,
  onMiniCartOpenChange,
  defaultMiniCartOpen = false,
  miniCartRules,
  className,
}: AppHeaderProps) {
  const labels = { ...DEFAULT_LABELS, ...labelOverrides };
  const quantity = totalQuantity(cartItems);
  const isCartPage = cartHref !== undefined && isCurrentPath(cartHref, currentPath);
  const isAccount = accountHref !== undefined && isCurrentPath(accountHref, currentPath);
  const inner = useRef<HTMLDivElement>(null);
  const isStacked = useStackedMenu(inner, navigation.map((item) => item.label).join('\n'));

  return (
    <header className={cx('bt-app-header', isStacked && 'bt-app-header--stacked', className)}>
      <div ref={inner} className="bt-app-header__inner">
        <PlainLink href={homeHref} className="bt-app-header__logo" aria-label={`${labName}: inicio`}>
          {logo ?? (
            <>
              <span className="bt-app-header__logo-mark" aria-hidden="true">
                <LeafIcon size={22} />
              </span>
              <span className="bt-app-header__logo-text">{labName}</span>
            </>
          )}
        </PlainLink>
        <nav className="bt-app-header__nav" aria-label={labels.navigation}>
          <NavLinks
            items={navigation}
            currentPath={currentPath}
            className="bt-app-header__menu"
            linkClassName="bt-app-header__menu-link"
            onLinkPress={onMenuLinkPress}
          />
        </nav>
        <div className="bt-app-header__actions">
          {isLoggedIn ? (
            <>
              {cartHref !== undefined ? (
                <MiniCart
                  items={cartItems}
                  cartHref={cartHref}
                  isHidden={isCartPage}
                  {...(isMiniCartOpen === undefined ? {} : { isOpen: isMiniCartOpen })}
                  {...(onMiniCartOpenChange ? { onOpenChange: onMiniCartOpenChange } : {})}
                  defaultOpen={defaultMiniCartOpen}
                  {...miniCartRules}
                >
                  <PlainLink
                    href={cartHref}
                    aria-current={isCartPage ? 'page' : undefined}
                    className={cx(
                      'bt-app-header__action bt-app-header__cart',
                      isCartPage && 'bt-app-header__action--current',
                    )}
                  >
                    <CartIcon size={22} />
                    <span className="bt-app-header__action-label bt-app-header__action-label--keep">
                      {labels.cart}
                    </span>
                    {quantity > 0 ? (
                      <Badge appearance="solid" tone="accent" className="bt-app-header__badge">
                        <span className="bt-visually-hidden">, </span>
                        {quantity}
                        <span className="bt-visually-hidden"> {quantity === 1 ? 'unidad' : 'unidades'}</span>
                      </Badge>
                    ) : null}
                  </PlainLink>
                </MiniCart>
              ) : null}
              {accountHref !== undefined ? (
                <PlainLink
                  href={accountHref}
                  aria-current={isAccount ? 'page' : undefined}
                  className={cx('bt-app-header__action', isAccount && 'bt-app-header__action--current')}
                >
                  <UserIcon size={22} />
                  <span className="bt-app-header__action-label">{labels.account}</span>
                </PlainLink>
              ) : null}
              {onLogout ? (
                <AriaButton className="bt-app-header__action" onPress={onLogout}>
                  <LogoutIcon size={22} />
                  <span className="bt-app-header__action-label">{labels.logout}</span>
                </AriaButton>
              ) : null}
            </>
          ) : loginHref !== undefined ? (
            <PlainLink href={loginHref} className="bt-app-header__action">
              <UserIcon size={22} />
              <span className="bt-app-header__action-label bt-app-header__action-label--keep">
                {labels.login}
              </span>
            </PlainLink>
          ) : null}
        </div>
      </div>
    </header>
  );
}
