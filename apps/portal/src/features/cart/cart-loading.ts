/**
 * Loading the cart once per visit of the logged-in screens: the layout starts it when it mounts, or
 * the cart's own route first, so /cart renders with its lines instead of a placeholder; either way
 * one load, shared. Leaving the logged-in screens (the layout unmounts) makes the next visit load
 * it afresh, as before.
 */
import { appStore } from '../../app/store.ts';
import { cartEnvironmentAtom, loadCartAtom } from './cart.atoms.ts';
import { createCartEnvironment } from './cart-environment.ts';

let loading: Promise<void> | null = null;

/** Starts loading the cart, unless this visit already has; resolves once it is loaded. */
export function ensureCartLoaded(): Promise<void> {
  if (appStore.get(cartEnvironmentAtom) === null) appStore.set(cartEnvironmentAtom, createCartEnvironment());
  loading ??= appStore.set(loadCartAtom);
  return loading;
}

/** The next visit loads the cart again. */
export function forgetCartLoad(): void {
  loading = null;
}
