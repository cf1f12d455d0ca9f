import type { ReactNode } from 'react';
import { cx } from '../internal/class-names.ts';
import { type NavItem, NavLinks } from '../internal/nav-links.tsx';

export interface AccountSubHeaderProps {
  /**
   * The account area's sections, in order (the portal's: EQUIPO COMERCIAL, PEDIDOS WEB, ENVIOS, MIS
   * FACTURAS, MIS DATOS, MIS USUARIOS, less those the user may not open).
   */
  sections: ReadonlyArray<NavItem>;
  /** The current route's path; its section is marked as the current page. */
  currentPath?: string;
  /** The pharmacy's name, shown above the sections. */
  clientName?: ReactNode;
  /** A second line, e.g. the client code. */
  clientDetail?: ReactNode;
  /** Called when a section link is pressed (the 'account_menu' analytics event). */
  onLinkPress?: (item: NavItem) => void;
  /**
   * The sections' landmark name.
   * @default 'Mi cuenta'
   */
  navigationLabel?: string;
  /**
   * The name of the region around the pharmacy's name and the sections.
   * @default 'Tu farmacia'
   */
  regionLabel?: string;
  /** Extra class names. */
  className?: string;
}

/**
 * The account area's sub-header: the pharmacy's name and the sections the app gives. All of them are
 * always in view: one row on wide screens, three columns on a tablet, two on a phone (never a row
 * that scrolls out of sight). Only the exact path marks a section as current.
 * @example
 * <AccountSubHeader
 *   sections={[{ label: 'PEDIDOS WEB', href: '/account/orders' }]}
 *   currentPath={pathname}
 *   clientName="Farmacia del Sol"
 * />
 */
export function AccountSubHeader({
  currentPath,
  clientName,
  clientDetail,
  onLinkPress,
  sections,
  navigationLabel = 'Mi cuenta',
  regionLabel = 'Tu farmacia',
  className,
}: AccountSubHeaderProps) {
  return (
    // A named region: the pharmacy's name sits in a landmark too (axe's `region`), not only the nav.
    <section className={cx('bt-sub-header bt-sub-header--account', className)} aria-label={regionLabel}>
      <div className="bt-sub-header__inner">
        {clientName ? (
          <div className="bt-sub-header__title">
            <span className="bt-sub-header__name">{clientName}</span>
            {clientDetail ? <span className="bt-sub-header__detail">{clientDetail}</span> : null}
          </div>
        ) : null}
        <nav aria-label={navigationLabel} className="bt-sub-header__nav">
          <NavLinks
            items={sections}
            currentPath={currentPath}
            exact
            className="bt-sub-header__list"
            linkClassName="bt-sub-header__link"
            onLinkPress={onLinkPress}
          />
        </nav>
      </div>
    </section>
  );
}
