import { SCROLL_POSITIONS_STORAGE_KEY } from '@botica/domain';
import { loadToasts, NavigationProvider, Toasts } from '@botica/ui';
import { Provider as JotaiProvider, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { blockingErrorAtom, dismissBlockingErrorAtom } from './errors.ts';
import { useFocusAfterNavigation } from './focus-after-navigation.ts';
import { useRouterLinks } from './router-links.ts';
import { appStore } from './store.ts';
import { whenIdle } from './when-idle.ts';

type ErrorDialogModule = typeof import('./error-dialog.tsx');

let dialogModule: ErrorDialogModule | undefined;
let dialogLoading: Promise<ErrorDialogModule> | undefined;

/** Loads the dialog of a failed call (403 'Datos Restringidos', 503 maintenance) once; a failed load is tried again. */
function loadErrorDialog(): Promise<ErrorDialogModule> {
  dialogLoading ??= import('./error-dialog.tsx').then(
    (module) => {
      dialogModule = module;
      return module;
    },
    (error: unknown) => {
      dialogLoading = undefined;
      throw error;
    },
  );
  return dialogLoading;
}

/**
 * The code that tells the pharmacist a call failed (the toasts, the error dialog) loads as soon as
 * the first screen is idle, not when a failure is first shown: a failure that comes from a lost
 * connection would also fail to load that code, and the page would have nothing to say it with.
 */
function useErrorPresentationLoaded() {
  useEffect(
    () =>
      whenIdle(() => {
        void loadToasts().catch(() => undefined);
        void loadErrorDialog().catch(() => undefined);
      }),
    [],
  );
}

function BlockingError() {
  const entry = useAtomValue(blockingErrorAtom);
  const dismiss = useSetAtom(dismissBlockingErrorAtom);
  const [module, setModule] = useState(() => dialogModule);
  useEffect(() => {
    if (entry === null || module !== undefined) return;
    let isCurrent = true;
    loadErrorDialog().then(
      (loaded) => {
        if (isCurrent) setModule(loaded);
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [entry, module]);
  if (entry === null || module === undefined) return null;
  return <module.default entry={entry} onClose={dismiss} />;
}

/**
 * Everything every page shares: state, routing for the components' links, toasts, dialogs. Without
 * react-aria: the screens that render its controls bring its providers with them (aria-scope.tsx),
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
