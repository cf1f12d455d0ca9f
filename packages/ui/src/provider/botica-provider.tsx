import type { ReactNode } from 'react';
import { I18nProvider, RouterProvider } from 'react-aria-components';
import { type ToastQueue, Toasts, toastQueue } from '../toasts/toasts.tsx';
import { NavigationProvider } from './navigation-provider.tsx';

export interface BoticaProviderProps {
  children: ReactNode;
  /**
   * Client-side navigation: every `Link`, link-button and menu item with an `href` calls it
   * instead of loading a new page (pass react-router's `navigate`). Without it, links are plain.
   */
  navigate?: ((href: string) => void) | undefined;
  /** Turns a router path into a real `href` (pass react-router's `useHref` when using a basename). */
  useHref?: ((href: string) => string) | undefined;
  /**
   * The toast queue whose toasts the region shows; `null` renders no toast region.
   * @default toastQueue
   */
  toastQueue?: ToastQueue | null;
}

/**
 * The root of every screen that uses `@botica/ui`: Spanish (es-ES) for every react-aria string,
 * number and date, the app's router for links (optional), and the toast region at the bottom end.
 * @example
 * <BoticaProvider navigate={navigate} useHref={useHref}>
 *   <App />
 * </BoticaProvider>
 */
export function BoticaProvider({
  children,
  navigate,
  useHref,
  toastQueue: queue = toastQueue,
}: BoticaProviderProps) {
  const content = (
    <NavigationProvider navigate={navigate} useHref={useHref}>
      {children}
      {queue ? <Toasts queue={queue} /> : null}
    </NavigationProvider>
  );
  return (
    <I18nProvider locale="es-ES">
      {navigate ? (
        <RouterProvider navigate={navigate} {...(useHref ? { useHref } : {})}>
          {content}
        </RouterProvider>
      ) : (
        content
      )}
    </I18nProvider>
  );
}
