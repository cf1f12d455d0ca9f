import { type AnchorHTMLAttributes, createContext, type MouseEvent, useContext } from 'react';

/** The app's router as `BoticaProvider` receives it, for the library's plain links. */
export interface Navigation {
  navigate?: ((href: string) => void) | undefined;
  useHref: (href: string) => string;
}

const identity = (href: string) => href;

export const NavigationContext = createContext<Navigation>({ useHref: identity });

/** Whether a click on this link is the app's to handle, as react-aria's `shouldClientNavigate` decides. */
function isClientNavigation(event: MouseEvent<HTMLAnchorElement>): boolean {
  const link = event.currentTarget;
  const target = link.getAttribute('target');
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.altKey &&
    !event.shiftKey &&
    (!target || target === '_self') &&
    !link.hasAttribute('download') &&
    link.origin === window.location.origin
  );
}

export interface PlainLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path of the app (or any address). */
  href: string;
  /** Called when the link is followed (before the navigation). */
  onPress?: (() => void) | undefined;
}

/**
 * A link as a plain anchor that hands in-app paths to the app's router (`BoticaProvider`'s
 * `navigate`), as react-aria's `Link` does, without its press, hover and focus machinery: for the
 * links every page renders many of (the header's, the product cards'). Styled with `:hover` and
 * `:focus-visible`.
 */
export function PlainLink({ href, onPress, onClick, ...props }: PlainLinkProps) {
  const { navigate, useHref } = useContext(NavigationContext);
  return (
    <a
      {...props}
      href={useHref(href)}
      onClick={(event) => {
        onClick?.(event);
        onPress?.();
        if (navigate && isClientNavigation(event)) {
          event.preventDefault();
          navigate(href);
        }
      }}
    />
  );
}
