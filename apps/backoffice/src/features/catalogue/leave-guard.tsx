/**
 * The warning before unsaved changes are lost: a link or the back button inside the back office asks
 * first (the admin stays, or leaves without saving); closing the tab or reloading gets the browser's
 * own question.
 */
import { ConfirmDialog } from '@botica/ui';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/** Asks before leaving the page while `isDirty`. */
export function LeaveGuard({ isDirty }: { isDirty: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );
  // 'Salir sin guardar' closes the dialog too: its close must not take the leaving back.
  const isLeaving = useRef(false);
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  if (blocker.state !== 'blocked') {
    isLeaving.current = false;
    return null;
  }
  return (
    <ConfirmDialog
      title="Hay cambios sin guardar"
      isOpen
      confirmLabel="Salir sin guardar"
      cancelLabel="Seguir editando"
      isDestructive
      onConfirm={() => {
        isLeaving.current = true;
        blocker.proceed?.();
        return undefined;
      }}
      onOpenChange={(isOpen) => {
        if (!isOpen && !isLeaving.current) blocker.reset?.();
      }}
    >
      <p>Si sales de esta página, los cambios del producto se perderán.</p>
    </ConfirmDialog>
  );
}
