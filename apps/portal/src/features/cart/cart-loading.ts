/**
 * Loading the cart once per visit of the logged-in screens: the layout starts it when it mounts, or
 * the cart's own route first, so /cart renders with its lines instead of a placeholder; either way
 * one load, shared (the one under way, or the cart the cache holds). Leaving the logged-in screens
 * (the last logged-in chrome unmounts) makes the next visit load it afresh.
 */

import { onSessionEnd, useQueryClientMade } from '@botica/app-shell';
import { flushPendingEdits } from '@botica/ui';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { appStore } from '../../shared/store.ts';
import { currentUser } from '../auth/session.ts';
import { cartEnvironmentAtom, cartLoadingAtom, loadCartAtom, resetCartAtom } from './cart.atoms.ts';
import { createCartEnvironment } from './cart-environment.ts';
import { CART_KEY, monthlyPurchasesKey } from './cart-queries.ts';
import { loadMonthlyPurchases } from './monthly-purchases.ts';

/** The user whose unsaved changes the cart kept when the server ended the session. */
let keptFor: number | undefined;

/**
 * The end of the session ends this visit's cart (the portal clears its cache): the next logged-in
 * screen loads it afresh. Logging out empties it; a session the server ended keeps the changes not
 * saved yet, for the same user logging in again (loadCartAtom sends them), never for another.
 */
onSessionEnd((ending) => {
  appStore.get(cartEnvironmentAtom)?.queryClient.removeQueries({ queryKey: CART_KEY, exact: true });
  if (ending.reason === 'expired' && ending.userId !== undefined) {
    keptFor = ending.userId;
  } else {
    keptFor = undefined;
    appStore.set(resetCartAtom);
  }
});

async function loadCart(): Promise<void> {
  if (keptFor !== undefined) {
    const user = await currentUser();
    if (user?.id !== keptFor) appStore.set(resetCartAtom);
    keptFor = undefined;
  }
  await appStore.set(loadCartAtom);
}

/** Starts loading the cart into `queryClient`, unless this visit already has; resolves once it is loaded. */
export function ensureCartLoaded(queryClient: QueryClient): Promise<void> {
  if (appStore.get(cartEnvironmentAtom)?.queryClient !== queryClient) {
    appStore.set(cartEnvironmentAtom, createCartEnvironment(queryClient));
  }
  const running = appStore.get(cartLoadingAtom);
  if (running !== null) return running;
  const cached = queryClient.getQueryState(CART_KEY);
  if (cached?.data !== undefined && !cached.isInvalidated) return Promise.resolve();
  // This month's orders come with the cart: the cart page and the mini cart say what the cap leaves.
  return Promise.all([loadCart(), loadMonthlyPurchases()]).then(() => undefined);
}

let holders = 0;
let forgetting: ReturnType<typeof setTimeout> | undefined;

/**
 * Keeps this visit's cart while a logged-in chrome is on screen (the client layout, or an error
 * page's header); returns the release for the chrome's unmount. Once the last chrome is gone, the
 * next visit loads the cart afresh: after a task, so that one chrome handing over to another in the
 * same render (a logged-in screen to an error page and back) keeps the cart and its badge as they are.
 */
export function holdCartLoad(): () => void {
  holders += 1;
  clearTimeout(forgetting);
  let isHeld = true;
  return () => {
    if (!isHeld) return;
    isHeld = false;
    holders -= 1;
    if (holders > 0) return;
    forgetting = setTimeout(() => {
      if (holders > 0) return;
      const queryClient = appStore.get(cartEnvironmentAtom)?.queryClient;
      // Kept on screen until then, but read again by the next visit.
      void queryClient?.invalidateQueries({ queryKey: CART_KEY, exact: true, refetchType: 'none' });
      void queryClient?.invalidateQueries({
        queryKey: monthlyPurchasesKey(0).slice(0, 2),
        refetchType: 'none',
      });
    }, 0);
  };
}

/**
 * Saves the quantities changed on screen and still held back by their fields (the 500 ms pause)
 * when the tab is hidden or the page goes away (switching apps on a phone, closing the tab): the
 * page may never run again to save them. Returns the function that stops watching.
 */
export function savePendingEditsWhenHidden(): () => void {
  const save = () => {
    if (document.visibilityState === 'hidden') flushPendingEdits();
  };
  const leave = () => flushPendingEdits();
  document.addEventListener('visibilitychange', save);
  window.addEventListener('pagehide', leave);
  return () => {
    document.removeEventListener('visibilitychange', save);
    window.removeEventListener('pagehide', leave);
  };
}

/**
 * The cart of a logged-in chrome: loaded once per visit into the portal's cache (once a screen's
 * loader has made it; an error page reached first shows the header without it), kept while the
 * chrome is on screen, and the quantities held back by their fields saved when the page is hidden.
 */
export function useCartLoad(): void {
  // The layout's cart: made here if no loader has made the client (an error page's layout).
  const queryClient = useQueryClientMade();
  useEffect(() => {
    if (queryClient !== undefined) void ensureCartLoaded(queryClient);
  }, [queryClient]);
  useEffect(() => {
    const release = holdCartLoad();
    const unwatch = savePendingEditsWhenHidden();
    return () => {
      unwatch();
      release();
    };
  }, []);
}
