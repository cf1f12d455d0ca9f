/**
 * Loading the cart once per visit of the logged-in screens: the layout starts it when it mounts, or
 * the cart's own route first, so /cart renders with its lines instead of a placeholder; either way
 * one load, shared. Leaving the logged-in screens (the last logged-in chrome unmounts) makes the next
 * visit load it afresh.
 */

import { onSessionEnd } from '@botica/app-shell';
import { flushPendingEdits } from '@botica/ui';
import { appStore } from '../../shared/store.ts';
import { currentUser } from '../auth/session.ts';
import { cartEnvironmentAtom, loadCartAtom, resetCartAtom } from './cart.atoms.ts';
import { createCartEnvironment } from './cart-environment.ts';
import { loadMonthlyPurchases } from './monthly-purchases.ts';

let loading: Promise<void> | null = null;

/** The user whose unsaved changes the cart kept when the server ended the session. */
let keptFor: number | undefined;

/**
 * The end of the session ends this visit's cart: the next logged-in screen loads it afresh. Logging
 * out empties it; a session the server ended keeps the changes not saved yet, for the same user
 * logging in again (loadCartAtom sends them), never for another.
 */
onSessionEnd((ending) => {
  loading = null;
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

/** Starts loading the cart, unless this visit already has; resolves once it is loaded. */
export function ensureCartLoaded(): Promise<void> {
  if (appStore.get(cartEnvironmentAtom) === null) appStore.set(cartEnvironmentAtom, createCartEnvironment());
  // This month's orders come with the cart: the cart page and the mini cart say what the cap leaves.
  loading ??= Promise.all([loadCart(), loadMonthlyPurchases()]).then(() => undefined);
  return loading;
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
      if (holders === 0) loading = null;
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
