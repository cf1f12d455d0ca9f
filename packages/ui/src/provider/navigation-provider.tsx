import { type ReactNode, useMemo } from 'react';
import { NavigationContext } from '../internal/plain-link.tsx';

export interface NavigationProviderProps {
  children: ReactNode;
  /**
   * Client-side navigation for the library's plain links (the header's, the product cards', the
   * error page's): they call it instead of loading a new page (pass react-router's `navigate`).
   */
  navigate?: ((href: string) => void) | undefined;
  /** Turns a router path into a real `href` (pass react-router's `useHref` when using a basename). */
  useHref?: ((href: string) => string) | undefined;
}

const identity = (href: string) => href;

/**
 * The app's router for the library's plain links, without react-aria. `BoticaProvider` includes it;
 * use it alone at the root of an app whose first screens render no react-aria control (the portal's
 * login and error pages), and `BoticaProvider` around the screens that do.
 * @example
 * <NavigationProvider navigate={navigate} useHref={useHref}>
 *   <LoginScreen />
 * </NavigationProvider>
 */
export function NavigationProvider({ children, navigate, useHref }: NavigationProviderProps) {
  const navigation = useMemo(() => ({ navigate, useHref: useHref ?? identity }), [navigate, useHref]);
  return <NavigationContext.Provider value={navigation}>{children}</NavigationContext.Provider>;
}
