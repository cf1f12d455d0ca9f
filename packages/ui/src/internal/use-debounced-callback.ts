import { useCallback, useEffect, useMemo, useRef } from 'react';

/**
 * A stable function that calls `callback` with the latest arguments once `delayMs` have passed
 * without another call; `cancel` drops a pending call, `flush` runs it now. Pending calls are
 * dropped on unmount.
 */
export function useDebouncedCallback<Args extends unknown[]>(
  callback: (...args: Args) => void,
  delayMs: number,
): { call: (...args: Args) => void; cancel: () => void; flush: () => void } {
  const callbackRef = useRef(callback);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<Args | undefined>(undefined);
  useEffect(() => {
    callbackRef.current = callback;
  });
  const cancel = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
    pending.current = undefined;
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
    },
    [cancel, flush, delayMs],
  );
  useEffect(() => cancel, [cancel]);
  return useMemo(() => ({ call, cancel, flush }), [call, cancel, flush]);
}
