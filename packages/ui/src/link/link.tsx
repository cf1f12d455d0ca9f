import type { ReactNode } from 'react';
import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import { buttonClassName } from '../button/button-parts.tsx';
import { ExternalIcon } from '../icons/icons.tsx';
import { cx } from '../internal/class-names.ts';

/** How a link looks: inside text, on its own, or as a primary or secondary button. */
export type LinkVariant = 'inline' | 'standalone' | 'primary' | 'secondary';

export interface LinkProps extends Omit<AriaLinkProps, 'children' | 'className' | 'style'> {
  /** The link text. */
  children: ReactNode;
  /**
   * How the link looks.
   * @default 'inline'
   */
  variant?: LinkVariant;
  /**
   * Opens the link in a new tab (`target="_blank"`, `rel="noopener noreferrer"`), says so to
   * screen readers and shows a small external icon.
   * @default false
   */
  isExternal?: boolean;
  /** Extra class names. */
  className?: string;
}

/**
 * A link on react-aria's `Link`. Inside an app, give `BoticaProvider` a `navigate` function and
 * every `href` becomes a client-side navigation; the library itself knows no router.
 * @example <Link href="/catalog">Catálogo de Productos</Link>
 */
export function Link({ children, variant = 'inline', isExternal = false, className, ...props }: LinkProps) {
  const classes =
    variant === 'primary' || variant === 'secondary'
      ? buttonClassName(variant, 'md', false, className)
      : cx('bt-link', `bt-link--${variant}`, className);
  return (
    <AriaLink
      {...props}
      {...(isExternal ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      className={classes}
    >
      {children}
      {isExternal ? (
        <>
          <ExternalIcon size={14} className="bt-link__external" />
          <span className="bt-visually-hidden"> (se abre en una pestaña nueva)</span>
        </>
      ) : null}
    </AriaLink>
  );
}
