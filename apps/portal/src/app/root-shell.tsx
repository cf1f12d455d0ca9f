import {
  BlockingError,
  useErrorPresentationLoaded,
  useFocusAfterNavigation,
  useRouterLinks,
} from '@botica/app-shell';
import { SCROLL_POSITIONS_STORAGE_KEY } from '@botica/domain';
import { NavigationProvider, Toasts } from '@botica/ui';
import { Provider as JotaiProvider } from 'jotai';
import { Outlet, ScrollRestoration } from 'react-router';
import { appStore } from '../shared/store.ts';

/**
 * Everything every page shares: state, routing for the components' links, toasts, dialogs. Without
 * react-aria: the screens that render its controls bring its providers with them (`AriaScope`),
 * and the toasts' region and the error dialog load once the first screen is idle.
 */
export function RootShell() {
  const { navigate, useHref } = useRouterLinks();
  useFocusAfterNavigation();
  useErrorPresentationLoaded();
  return (
    <JotaiProvider store={appStore}>
      <NavigationProvider navigate={navigate} useHref={useHref}>
        <Outlet />
        <Toasts />
        <BlockingError />
        {/* Every first page load has the key 'default': key those by URL, or one page's scroll lands on another. */}
        {/* Under the key the cookie policy lists (@botica/domain COOKIES). */}
        <ScrollRestoration
          storageKey={SCROLL_POSITIONS_STORAGE_KEY}
          getKey={(location) =>
            location.key === 'default' ? location.pathname + location.search : location.key
          }
        />
      </NavigationProvider>
    </JotaiProvider>
  );
}
