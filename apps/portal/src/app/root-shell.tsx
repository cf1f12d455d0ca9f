import { BoticaProvider } from '@botica/ui';
import { Provider as JotaiProvider, useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useHref, useNavigate } from 'react-router';
import { blockingErrorAtom, dismissBlockingErrorAtom } from './errors.ts';
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

/** react-router's `useHref` for the components' links, leaving absolute URLs (social links, mail) alone. */
function useAppHref(href: string): string {
  const routed = useHref(href);
  return /^[a-z][a-z\d+.-]*:/i.test(href) ? href : routed;
}

/** Everything every page shares: state, i18n and routing for the components, toasts, dialogs. */
export function RootShell() {
  const navigate = useNavigate();
  return (
    <JotaiProvider store={appStore}>
      <BoticaProvider navigate={(href) => void navigate(href)} useHref={useAppHref}>
        <Outlet />
        <BlockingError />
        {/* Every first page load has the key 'default': key those by URL, or one page's scroll lands on another. */}
        <ScrollRestoration
          getKey={(location) =>
            location.key === 'default' ? location.pathname + location.search : location.key
          }
        />
      </BoticaProvider>
    </JotaiProvider>
  );
}
