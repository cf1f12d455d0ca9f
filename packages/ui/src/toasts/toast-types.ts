/**
 * The toasts' types, apart from their code: the region (loaded later, in its own chunk) and the queue
 * both use them, and neither imports the other for them.
 */
import type { UNSTABLE_ToastQueue as AriaToastQueue } from 'react-aria-components';
import type { ProductImageSet } from '../types.ts';

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

/** The toast region's properties. */
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
