import { cx } from './class-names.ts';
import { PlainLink } from './plain-link.tsx';

/**
 * One link of a navigation bar: the app's own route and its words, never the library's.
 * @example { label: 'Catálogo de Productos', href: '/catalog' }
 */
export interface NavItem {
  /** The visible text. */
  label: string;
  /** Where it goes. */
  href: string;
  /**
   * Whether it is the current page. Left out, the bar compares `href` with its `currentPath`: the
   * same path or one under it (only the same path for '/' and for an exact bar).
   */
  isCurrent?: boolean | undefined;
}

/** Whether `href` is the current page or one of its sub-pages. */
export function isCurrentPath(href: string, currentPath: string | undefined, exact = false): boolean {
  if (!currentPath) return false;
  if (exact || href === '/') return currentPath === href;
  return currentPath === href || currentPath.startsWith(`${href}/`);
}

/** A horizontal list of links; the current one gets `aria-current="page"`. */
export function NavLinks({
  items,
  currentPath,
  className,
  linkClassName,
  exact = false,
  onLinkPress,
}: {
  items: readonly NavItem[];
  currentPath?: string | undefined;
  className: string;
  linkClassName: string;
  exact?: boolean;
  onLinkPress?: ((item: NavItem) => void) | undefined;
}) {
  return (
    <ul className={className}>
      {items.map((item) => {
        const isCurrent = item.isCurrent ?? isCurrentPath(item.href, currentPath, exact);
        return (
          <li key={item.href}>
            <PlainLink
              href={item.href}
              aria-current={isCurrent ? 'page' : undefined}
              className={cx(linkClassName, isCurrent && `${linkClassName}--current`)}
              onPress={onLinkPress ? () => onLinkPress(item) : undefined}
            >
              {item.label}
            </PlainLink>
          </li>
        );
      })}
    </ul>
  );
}
