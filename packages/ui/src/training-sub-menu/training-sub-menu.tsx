import { cx } from '../internal/class-names.ts';
import { type NavItem, NavLinks } from '../internal/nav-links.tsx';

export interface TrainingSubMenuProps {
  /**
   * The links, in order (the portal's: 'Agenda Webinars' and 'Noticias' for everyone, 'Material
   * Científico' and 'Histórico Webinars' for a logged-in pharmacist).
   */
  items: ReadonlyArray<NavItem>;
  /** The current route's path; the link it falls under is marked as the current page. */
  currentPath?: string;
  /** Called when a link is pressed (the 'menu click' analytics event). */
  onLinkPress?: (item: NavItem) => void;
  /**
   * The menu's landmark name.
   * @default 'Formación'
   */
  label?: string;
  /** Extra class names. */
  className?: string;
}

/**
 * The training area's sub-menu under the header: the links the app gives, one row that wraps.
 * @example
 * <TrainingSubMenu items={[{ label: 'Noticias', href: '/formacion/noticias' }]} currentPath={pathname} />
 */
export function TrainingSubMenu({
  items,
  currentPath,
  onLinkPress,
  label = 'Formación',
  className,
}: TrainingSubMenuProps) {
  return (
    <nav aria-label={label} className={cx('bt-sub-header bt-training-menu', className)}>
      <div className="bt-sub-header__inner">
        <div className="bt-sub-header__nav">
          <NavLinks
            items={items}
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
