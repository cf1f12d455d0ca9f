import { totalQuantity } from '@botica/domain';
import type { ReactNode } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { Badge } from '../badge/badge.tsx';
import { CartIcon, LeafIcon, LogoutIcon, UserIcon } from '../icons/icons.tsx';
import { cx } from '../internal/class-names.ts';
import { isCurrentPath, type NavItem, NavLinks } from '../internal/nav-links.tsx';
import { PlainLink } from '../internal/plain-link.tsx';
import { MiniCart, type MiniCartProps } from '../mini-cart/mini-cart.tsx';
import type { CartItem } from '../types.ts';

/** The addresses the header links to (the portal's routes). */
export interface AppHeaderHrefs {
  home: string;
  catalog: string;
  training: string;
  survey: string;
  cart: string;
  account: string;
  login: string;
}

/** The portal's routes. */
export const DEFAULT_HEADER_HREFS: AppHeaderHrefs = {
  home: '/',
  catalog: '/catalog',
  training: '/formacion',
  survey: '/encuestas',
  cart: '/cart',
  account: '/account',
  login: '/login',
};

export interface AppHeaderProps {
  /**
   * Whether a pharmacist is logged in: the full header; otherwise only the logo, 'Formación /
   * Noticias' and 'Acceder'.
   * @default true
   */
  isLoggedIn?: boolean;
  /** The current route's path; its link is marked as the current page. */
  currentPath?: string;
  /** The cart's lines: the badge shows their total quantity, the mini cart lists them. */
  cartItems?: readonly CartItem[];
  /** Called by 'Salir'; the app logs out and goes to /login. */
  onLogout?: () => void;
  /** Called when a menu link is pressed (for the 'menu click' analytics event). */
  onMenuLinkPress?: (item: NavItem) => void;
  /** The addresses to link to. @default DEFAULT_HEADER_HREFS */
  hrefs?: Partial<AppHeaderHrefs>;
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
 * The portal's header: the logo; 'Catálogo de Productos', 'Formación / Noticias' and
 * 'Te escuchamos'; 'Mi pedido' with the total-quantity badge and the mini cart; 'Mi cuenta' and
 * 'Salir'. On tablets the menu moves to a second row; on phones its links share that row in equal
 * columns, and the actions keep their icons (their names stay for assistive technology).
 */
export function AppHeader({
  isLoggedIn = true,
  currentPath,
  cartItems = [],
  onLogout,
  onMenuLinkPress,
  hrefs: hrefOverrides,
  logo,
  labName = 'Botica',
  isMiniCartOpen,
  onMiniCartOpenChange,
  defaultMiniCartOpen = false,
  miniCartRules,
  className,
}: AppHeaderProps) {
  const hrefs = { ...DEFAULT_HEADER_HREFS, ...hrefOverrides };
  const quantity = totalQuantity(cartItems);
  const menu: NavItem[] = isLoggedIn
    ? [
        { label: 'Catálogo de Productos', href: hrefs.catalog },
        { label: 'Formación / Noticias', href: hrefs.training },
        { label: 'Te escuchamos', href: hrefs.survey },
      ]
    : [{ label: 'Formación / Noticias', href: hrefs.training }];
  const isCartPage = isCurrentPath(hrefs.cart, currentPath);
  const isAccount = isCurrentPath(hrefs.account, currentPath);

  return (
    <header className={cx('bt-app-header', className)}>
      <div className="bt-app-header__inner">
        <PlainLink href={hrefs.home} className="bt-app-header__logo" aria-label={`${labName}: inicio`}>
          {logo ?? (
            <>
              <span className="bt-app-header__logo-mark" aria-hidden="true">
                <LeafIcon size={22} />
              </span>
              <span className="bt-app-header__logo-text">{labName}</span>
            </>
          )}
        </PlainLink>
        <nav className="bt-app-header__nav" aria-label="Principal">
          <NavLinks
            items={menu}
            currentPath={currentPath}
            className="bt-app-header__menu"
            linkClassName="bt-app-header__menu-link"
            onLinkPress={onMenuLinkPress}
          />
        </nav>
        <div className="bt-app-header__actions">
          {isLoggedIn ? (
            <>
              <MiniCart
                items={cartItems}
                cartHref={hrefs.cart}
                isHidden={isCartPage}
                {...(isMiniCartOpen === undefined ? {} : { isOpen: isMiniCartOpen })}
                {...(onMiniCartOpenChange ? { onOpenChange: onMiniCartOpenChange } : {})}
                defaultOpen={defaultMiniCartOpen}
                {...miniCartRules}
              >
                <PlainLink
                  href={hrefs.cart}
                  aria-current={isCartPage ? 'page' : undefined}
                  className={cx(
                    'bt-app-header__action bt-app-header__cart',
                    isCartPage && 'bt-app-header__action--current',
                  )}
                >
                  <CartIcon size={22} />
                  <span className="bt-app-header__action-label bt-app-header__action-label--keep">
                    Mi pedido
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
              <PlainLink
                href={hrefs.account}
                aria-current={isAccount ? 'page' : undefined}
                className={cx('bt-app-header__action', isAccount && 'bt-app-header__action--current')}
              >
                <UserIcon size={22} />
                <span className="bt-app-header__action-label">Mi cuenta</span>
              </PlainLink>
              <AriaButton className="bt-app-header__action" onPress={onLogout}>
                <LogoutIcon size={22} />
                <span className="bt-app-header__action-label">Salir</span>
              </AriaButton>
            </>
          ) : (
            <PlainLink href={hrefs.login} className="bt-app-header__action">
              <UserIcon size={22} />
              <span className="bt-app-header__action-label bt-app-header__action-label--keep">Acceder</span>
            </PlainLink>
          )}
        </div>
      </div>
    </header>
  );
}
