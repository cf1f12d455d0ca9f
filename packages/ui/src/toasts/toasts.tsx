import { ADD_TO_CART_TOAST_MS, addToCartToast, TOAST_MS } from '@botica/domain';
import { useEffect, useState } from 'react';
import { UNSTABLE_ToastQueue as AriaToastQueue } from 'react-aria-components';
import type { ProductImageSet } from '../types.ts';
import type { ToastContent, ToastQueue, ToastsProps } from './toast-types.ts';

export type { ToastAction, ToastContent, ToastQueue, ToastsProps, ToastTone } from './toast-types.ts';

type ToastRegionModule = typeof import('./toast-region.tsx');

let regionModule: ToastRegionModule | undefined;
let regionLoading: Promise<ToastRegionModule> | undefined;

/**
 * Loads the toast region's code (react-aria's toasts, with their locale, focus and landmark
 * handling), once; a failed load is tried again by the next call. The app calls it once its first
 * screen has painted, so the code that says a call failed is there before anything fails: loaded
 * only when the first toast is due, it would fail with the very connection it has to report.
 */
export function loadToasts(): Promise<void> {
  regionLoading ??= import('./toast-region.tsx').then(
    (module) => {
      regionModule = module;
      return module;
    },
    (error: unknown) => {
      regionLoading = undefined;
      throw error;
    },
  );
  return regionLoading.then(() => undefined);
}

/** Creates a toast queue (stories and tests use their own; the app uses `toastQueue`). */
export function createToastQueue(): ToastQueue {
  return new AriaToastQueue<ToastContent>({ maxVisibleToasts: 4 });
}

/** The app's toast queue, shown by the `Toasts` region that `BoticaProvider` renders. */
export const toastQueue: ToastQueue = createToastQueue();

/**
 * Shows a toast for 7 seconds (`TOAST_MS`), or `timeoutMs`. Returns its key, for `toastQueue.close`.
 * @example showToast({ title: 'La sesión ha expirado', description: '…', tone: 'warning' })
 */
export function showToast(
  content: ToastContent,
  options: { timeoutMs?: number; queue?: ToastQueue } = {},
): string {
  return (options.queue ?? toastQueue).add(content, { timeout: options.timeoutMs ?? TOAST_MS });
}

/** What the add-to-cart toast needs. */
export interface AddToCartToastOptions {
  /** The product added: its name and thumbnail are shown. */
  product: { name: string; image?: ProductImageSet | null | undefined };
  /** The line's quantity before (0 for a new line). */
  previousQuantity: number;
  /** The line's quantity now. */
  quantity: number;
  /** The queue to use. @default toastQueue */
  queue?: ToastQueue;
}

/**
 * Shows the add-to-cart toast for 1.5 s with the product's thumbnail and name and the spec's text
 * ('Has agregado N unidades en tu pedido' / 'Ahora tienes N unidades en tu pedido').
 */
export function showAddToCartToast({
  product,
  previousQuantity,
  quantity,
  queue,
}: AddToCartToastOptions): string {
  return (queue ?? toastQueue).add(
    { title: addToCartToast(previousQuantity, quantity), tone: 'success', product },
    { timeout: ADD_TO_CART_TOAST_MS },
  );
}

/**
 * The toast region: a landmark at the bottom end of the screen where toasts stack, newest at the
 * bottom. Each toast is announced to screen readers, pauses while hovered or focused, and has a
 * close button. F6 moves focus to the region. Rendered once by `BoticaProvider`; its code loads with
 * the first toast.
 */
export function Toasts({ queue = toastQueue, 'aria-label': ariaLabel = 'Notificaciones' }: ToastsProps) {
  // react-aria's region renders nothing until there is a toast, yet sets up its landmark, focus and
  // hover handling with every page's first render: it is mounted with the first toast instead (and
  // then kept). Its code is loaded by `loadToasts` (or here, with the first toast); a load that fails
  // is tried again with the next toast, and never takes the page with it.
  const [isNeeded, setNeeded] = useState(() => queue.visibleToasts.length > 0);
  const [region, setRegion] = useState(() => regionModule);
  useEffect(() => {
    if (isNeeded) return;
    if (queue.visibleToasts.length > 0) {
      setNeeded(true);
      return;
    }
    return queue.subscribe(() => {
      if (queue.visibleToasts.length > 0) setNeeded(true);
    });
  }, [queue, isNeeded]);
  useEffect(() => {
    if (!isNeeded || region !== undefined) return;
    let isCurrent = true;
    const load = () =>
      loadToasts().then(
        () => {
          if (isCurrent) setRegion(regionModule);
        },
        () => undefined,
      );
    void load();
    const unsubscribe = queue.subscribe(() => void load());
    return () => {
      isCurrent = false;
      unsubscribe();
    };
  }, [queue, isNeeded, region]);
  if (!isNeeded || region === undefined) return null;
  return <region.ToastRegion queue={queue} aria-label={ariaLabel} />;
}
