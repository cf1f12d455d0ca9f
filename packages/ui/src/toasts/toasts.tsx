import { ADD_TO_CART_TOAST_MS, addToCartToast, TOAST_MS } from '@botica/domain';
import { lazy, Suspense, useEffect, useState } from 'react';
import { UNSTABLE_ToastQueue as AriaToastQueue } from 'react-aria-components';
import type { ProductImageSet } from '../types.ts';

// The region's code (react-aria's toasts, with their locale, focus and landmark handling) loads with
// the first toast: most pages never show one, and a light first screen stays light.
const ToastRegion = lazy(async () => ({ default: (await import('./toast-region.tsx')).ToastRegion }));

/** The tone of a toast: its colour and icon. */
export type ToastTone = 'info' | 'success' | 'warning' | 'danger';

/** What a toast shows. */
export interface ToastContent {
  /** The first line, in bold. */
  title: string;
  /** A second line of explanation. */
  description?: string | undefined;
  /**
   * The tone.
   * @default 'info'
   */
  tone?: ToastTone | undefined;
  /** The product of an add-to-cart toast: its thumbnail and name are shown. */
  product?: { name: string; image?: ProductImageSet | null | undefined } | undefined;
  /** A button in the toast (e.g. 'Deshacer'): pressing it runs `onAction` and closes the toast. */
  action?: ToastAction | undefined;
}

/** The button of a toast. */
export interface ToastAction {
  /** Its label, e.g. 'Deshacer'. */
  label: string;
  /** What it does; the toast closes afterwards. */
  onAction: () => void;
}

/** A queue of toasts; the app usually needs only the shared `toastQueue`. */
export type ToastQueue = AriaToastQueue<ToastContent>;

/** Creates a toast queue (stories and tests use their own; the app uses `toastQueue`). */
export function createToastQueue(): ToastQueue {
  return new AriaToastQueue<ToastContent>({ maxVisibleToasts: 4 });
}

/** The app's toast queue, shown by the `Toasts` region that `BoticaProvider` renders. */
export const toastQueue: ToastQueue = createToastQueue();

/**
 * Shows a toast for 7 seconds (spec §9), or `timeoutMs`. Returns its key, for `toastQueue.close`.
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

export interface ToastsProps {
  /**
   * The queue whose toasts are shown.
   * @default toastQueue
   */
  queue?: ToastQueue;
  /**
   * The landmark's accessible name.
   * @default 'Notificaciones'
   */
  'aria-label'?: string;
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
  // then kept).
  const [isNeeded, setNeeded] = useState(() => queue.visibleToasts.length > 0);
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
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion queue={queue} aria-label={ariaLabel} />
    </Suspense>
  );
}
