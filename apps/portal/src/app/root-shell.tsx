import { AlertDialog, BoticaProvider, Toasts } from '@botica/ui';
import { Provider as JotaiProvider, useAtomValue, useSetAtom } from 'jotai';
import { Outlet, ScrollRestoration, useHref, useNavigate } from 'react-router';
import { blockingErrorAtom, dismissBlockingErrorAtom } from './errors.ts';
import { appStore } from './store.ts';

/** The dialog or warning of a failed call (403 'Datos Restringidos', 503 maintenance). */
function BlockingError() {
  const entry = useAtomValue(blockingErrorAtom);
  const dismiss = useSetAtom(dismissBlockingErrorAtom);
  if (entry === null) return null;
  return (
    <AlertDialog
      title={entry.title}
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) dismiss();
      }}
      tone={entry.presentation === 'warning' ? 'warning' : 'danger'}
      homeHref={entry.linkHome ? '/' : undefined}
    >
      <p>{entry.text}</p>
    </AlertDialog>
  );
}

/** Everything every page shares: state, i18n and routing for the components, toasts, dialogs. */
export function RootShell() {
  const navigate = useNavigate();
  return (
    <JotaiProvider store={appStore}>
      <BoticaProvider navigate={(href) => void navigate(href)} useHref={useHref}>
        <Outlet />
        <BlockingError />
        <Toasts />
        <ScrollRestoration />
      </BoticaProvider>
    </JotaiProvider>
  );
}
