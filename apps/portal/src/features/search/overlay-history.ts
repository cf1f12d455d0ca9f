/**
 * The search overlay's own history entry: a phone's back gesture (or the browser's back button)
 * closes the overlay instead of leaving the page under it.
 *
 * While the overlay is open, a copy of the current entry (same address, same router state, marked)
 * sits on top of the history. Going back pops it: the overlay closes and the router never hears of
 * it (the `popstate` is stopped in the capture phase, before react-router's listener), so nothing
 * reloads. Closed another way (Escape, the close button, a click outside), the overlay takes its
 * entry back off, so the next back goes where it always went. A chosen result replaces the entry.
 */
import { useEffect, useRef } from 'react';

const MARK = 'botica:search-overlay';

/** The overlay's entry, about to be taken back off (cancelled if the overlay opens again at once). */
let pendingRemoval: number | undefined;

/** Whether the current history entry is the open overlay's. */
function isOverlayEntry(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && MARK in state;
}

/** Swallows the next `popstate`: the router must not treat the overlay's own entry as a navigation. */
function hideNextPop(): void {
  window.addEventListener('popstate', (event) => event.stopImmediatePropagation(), {
    capture: true,
    once: true,
  });
}

export interface OverlayHistory {
  /**
   * Hands the overlay's entry over to a navigation about to happen (a chosen result): the overlay
   * does not take it back, and the navigation should replace it.
   * @returns whether the navigation should replace the current entry.
   */
  release: () => boolean;
}

/** Keeps a history entry for the overlay while `isOpen`; going back calls `onClose`. */
export function useOverlayHistory(isOpen: boolean, onClose: () => void): OverlayHistory {
  const close = useRef(onClose);
  const released = useRef(false);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    if (!isOpen) return;
    released.current = false;
    // Closed and opened again in one go (React's strict mode runs effects twice): the entry stays.
    window.clearTimeout(pendingRemoval);
    pendingRemoval = undefined;
    if (!isOverlayEntry()) window.history.pushState({ ...window.history.state, [MARK]: true }, '');
    let isPopped = false;
    const onPop = (event: PopStateEvent) => {
      isPopped = true;
      event.stopImmediatePropagation();
      close.current();
    };
    window.addEventListener('popstate', onPop, { capture: true, once: true });
    return () => {
      window.removeEventListener('popstate', onPop, { capture: true });
      if (isPopped || released.current) return;
      pendingRemoval = window.setTimeout(() => {
        pendingRemoval = undefined;
        if (!isOverlayEntry()) return;
        hideNextPop();
        window.history.back();
      }, 0);
    };
  }, [isOpen]);

  return {
    release: () => {
      released.current = true;
      return isOverlayEntry();
    },
  };
}
