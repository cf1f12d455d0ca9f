import { cx } from '../internal/class-names.ts';
import { type NavItem, NavLinks } from '../internal/nav-links.tsx';

export interface TrainingSubMenuProps {
  /**
   * Whether a pharmacist is logged in: adds 'Material Científico' and 'Histórico Webinars'.
   * @default false
   */
  isLoggedIn?: boolean;
  /**
   * Shows 'Newsletter' to logged-in pharmacists. The spec keeps it hidden for now.
   * @default false
   */
  showNewsletter?: boolean;
  /** The current route's path; its link is marked as the current page. */
  currentPath?: string;
  /** Called when a link is pressed (the 'menu click' analytics event). */
  onLinkPress?: (item: NavItem) => void;
  /** Extra class names. */
  className?: string;
}

/** The training items and who sees them. */
export function trainingMenuItems(isLoggedIn: boolean, showNewsletter = false): NavItem[] {
  return [
    { label: 'Agenda Webinars', href: '/formacion/agenda-webinars' },
    { label: 'Noticias', href: '/formacion/noticias' },
    ...(isLoggedIn
      ? [
          { label: 'Material Científico', href: '/formacion/materiales' },
          { label: 'Histórico Webinars', href: '/formacion/historico-webinars' },
        ]
      : []),
    ...(isLoggedIn && showNewsletter ? [{ label: 'Newsletter', href: '/formacion/newsletters' }] : []),
  ];
}

/**
 * The training sub-menu: 'Agenda Webinars' and 'Noticias' for everyone; 'Material
 * Científico' and 'Histórico Webinars' when logged in; 'Newsletter' when logged in and enabled.
 */
export function TrainingSubMenu({
  isLoggedIn = false,
  showNewsletter = false,
  currentPath,
  onLinkPress,
  className,
}: TrainingSubMenuProps) {
  return (
    <nav aria-label="Formación" className={cx('bt-sub-header bt-training-menu', className)}>
      <div className="bt-sub-header__inner">
        <div className="bt-sub-header__nav">
          <NavLinks
            items={trainingMenuItems(isLoggedIn, showNewsletter)}
            currentPath={currentPath}
            className="bt-sub-header__list"
            linkClassName="bt-sub-header__link"
            onLinkPress={onLinkPress}
          />
        </div>
      </div>
    </nav>
  );
}
