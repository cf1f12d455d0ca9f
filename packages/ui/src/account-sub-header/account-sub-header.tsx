import type { ReactNode } from 'react';
import { cx } from '../internal/class-names.ts';
import { type NavItem, NavLinks } from '../internal/nav-links.tsx';

/** The account area's sections, in order. */
export const ACCOUNT_SECTIONS: readonly NavItem[] = [
  { label: 'EQUIPO COMERCIAL', href: '/account' },
  { label: 'PEDIDOS WEB', href: '/account/orders' },
  { label: 'ENVIOS', href: '/account/erp-shipments' },
  { label: 'MIS FACTURAS', href: '/account/invoices' },
  { label: 'MIS DATOS', href: '/account/myaccount' },
  { label: 'MIS USUARIOS', href: '/account/users' },
];

export interface AccountSubHeaderProps {
  /** The current route's path; its section is marked as the current page. */
  currentPath?: string;
  /** The pharmacy's name, shown above the sections. */
  clientName?: ReactNode;
  /** A second line, e.g. the client code. */
  clientDetail?: ReactNode;
  /** Called when a section link is pressed (the 'account_menu' analytics event). */
  onLinkPress?: (item: NavItem) => void;
  /** The sections. @default ACCOUNT_SECTIONS */
  sections?: readonly NavItem[];
  /** Extra class names. */
  className?: string;
}

/**
 * The account area's sub-header: the pharmacy's name and the sections EQUIPO COMERCIAL, PEDIDOS
 * WEB, ENVIOS, MIS FACTURAS, MIS DATOS and MIS USUARIOS. All six are always in view: one row on
 * wide screens, three columns on a tablet, two on a phone (never a row that scrolls out of sight).
 */
export function AccountSubHeader({
  currentPath,
  clientName,
  clientDetail,
  onLinkPress,
  sections = ACCOUNT_SECTIONS,
  className,
}: AccountSubHeaderProps) {
  return (
    // A named region: the pharmacy's name sits in a landmark too (axe's `region`), not only the nav.
    <section className={cx('bt-sub-header bt-sub-header--account', className)} aria-label="Tu farmacia">
      <div className="bt-sub-header__inner">
        {clientName ? (
          <div className="bt-sub-header__title">
            <span className="bt-sub-header__name">{clientName}</span>
            {clientDetail ? <span className="bt-sub-header__detail">{clientDetail}</span> : null}
          </div>
        ) : null}
        <nav aria-label="Mi cuenta" className="bt-sub-header__nav">
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
