import {
  BlockingError,
  SiteNameProvider,
  useErrorPresentationLoaded,
  useFocusAfterNavigation,
  useRouterLinks,
} from '@botica/app-shell';
import { NavigationProvider, Toasts } from '@botica/ui';
import { Provider as JotaiProvider } from 'jotai';
import { Outlet, ScrollRestoration } from 'react-router';
import { appStore } from '../shared/store.ts';

/** Everything every page of the back office shares: its name in the titles, state, links, toasts, dialogs. */
export function RootShell() {
  const { navigate, useHref } = useRouterLinks();
  useFocusAfterNavigation();
  useErrorPresentationLoaded();
  return (
    <SiteNameProvider name="Botica Back office">
      <JotaiProvider store={appStore}>
        <NavigationProvider navigate={navigate} useHref={useHref}>
          <Outlet />
          <Toasts />
          <BlockingError />
          <ScrollRestoration />
        </NavigationProvider>
      </JotaiProvider>
    </SiteNameProvider>
  );
}
