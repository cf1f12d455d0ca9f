import { SCROLL_POSITIONS_STORAGE_KEY } from '@botica/domain';
import { NavigationProvider, Toasts } from '@botica/ui';
import { Provider as JotaiProvider, useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { blockingErrorAtom, dismissBlockingErrorAtom } from './errors.ts';
import { useFocusAfterNavigation } from './focus-after-navigation.ts';
import { useRouterLinks } from './router-links.ts';
import { appStore } from './store.ts';

// The dialog of a failed call (403 'Datos Restringidos', 503 maintenance) is loaded when first needed.
const ErrorDialog = lazy(() => import('./error-dialog.tsx'));

function BlockingError() {
  const entry = useAtomValue(blockingErrorAtom);
  const dismiss = useSetAtom(dismissBlockingErrorAtom);
  if (entry === null) return null;
  return (
    <Suspense fallback={null}>
      <ErrorDialog entry={entry} onClose={dismiss} />
    </Suspense>
  );
}

/**
 * Everything every page shares: state, routing for the components' links, toasts, dialogs. Without
 * react-aria: the screens that render its controls bring its providers with them (aria-scope.tsx),
 * and the toasts' region loads with the first toast.
 */
export function RootShell() {
  const { navigate, useHref } = useRouterLinks();
  useFocusAfterNavigation();
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
