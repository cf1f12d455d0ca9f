import { useCallback, useEffect, useMemo, useRef } from 'react';
import { registerPendingEdit } from '../pending-edits/pending-edits.ts';

export interface DebounceOptions {
  /**
   * The pending call is an edit the pharmacist made (a quantity): while it waits it is registered
   * with `flushPendingEdits()` so any action can take it first, and on unmount (leaving the page) it
   * is made at once instead of dropped.
   * @default false
   */
  isEdit?: boolean;
}

/**
 * A stable function that calls `callback` with the latest arguments once `delayMs` have passed
 * without another call; `cancel` drops a pending call, `flush` runs it now. Pending calls are
 * dropped on unmount, unless they are edits (`isEdit`).
 */
export function useDebouncedCallback<Args extends unknown[]>(
  callback: (...args: Args) => void,
  delayMs: number,
  { isEdit = false }: DebounceOptions = {},
): { call: (...args: Args) => void; cancel: () => void; flush: () => void } {
  const callbackRef = useRef(callback);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<Args | undefined>(undefined);
  const unregister = useRef<(() => void) | undefined>(undefined);
  useEffect(() => {
    callbackRef.current = callback;
  });
  const cancel = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
    pending.current = undefined;
    unregister.current?.();
    unregister.current = undefined;
  }, []);
  const flush = useCallback(() => {
    const args = pending.current;
    cancel();
    if (args !== undefined) callbackRef.current(...args);
  }, [cancel]);
  const call = useCallback(
    (...args: Args) => {
      cancel();
      pending.current = args;
      timer.current = setTimeout(flush, delayMs);
      if (isEdit) unregister.current = registerPendingEdit(flush);
    },
    [cancel, flush, delayMs, isEdit],
  );
  useEffect(() => (isEdit ? flush : cancel), [cancel, flush, isEdit]);
  return useMemo(() => ({ call, cancel, flush }), [call, cancel, flush]);
}
