/**
 * The dialog or warning of a failed call (403 'Datos Restringidos', 503 maintenance), and the loading
 * of what presents failures before any is shown.
 */
import { loadToasts } from '@botica/ui';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { whenIdle } from '../navigation/when-idle.ts';
import { blockingErrorAtom, dismissBlockingErrorAtom } from './error-reporting.ts';

type ErrorDialogModule = typeof import('./error-dialog.tsx');

let dialogModule: ErrorDialogModule | undefined;
let dialogLoading: Promise<ErrorDialogModule> | undefined;

/** Loads the dialog of a failed call once; a failed load is tried again. */
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
 * The code that tells the user a call failed (the toasts, the error dialog) loads as soon as the
 * first screen is idle, not when a failure is first shown: a failure that comes from a lost
 * connection would also fail to load that code, and the page would have nothing to say it with.
 */
export function useErrorPresentationLoaded(): void {
  useEffect(
    () =>
      whenIdle(() => {
        void loadToasts().catch(() => undefined);
        void loadErrorDialog().catch(() => undefined);
      }),
    [],
  );
}

/** Shows `blockingErrorAtom`'s entry in its dialog (its own chunk) until it is closed. */
export function BlockingError() {
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
