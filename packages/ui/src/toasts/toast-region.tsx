/** The toast region's react-aria part, loaded by `Toasts` with the first toast. */
import { useCallback, useRef } from 'react';
import {
  Button as AriaButton,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as AriaToastContent,
  UNSTABLE_ToastRegion as AriaToastRegion,
  I18nProvider,
  Text,
} from 'react-aria-components';
import { AlertIcon, CheckCircleIcon, CloseIcon, ErrorIcon, InfoIcon } from '../icons/icons.tsx';
import { cx } from '../internal/class-names.ts';
import { ProductImage } from '../product-image/product-image.tsx';
import type { ToastsProps } from './toast-types.ts';

const TONE_ICONS = {
  info: InfoIcon,
  success: CheckCircleIcon,
  warning: AlertIcon,
  danger: ErrorIcon,
} as const;

/**
 * The room the toasts take at the bottom of the screen (their height, the region's margin and a
 * gap), on the root element; absent while there are none. A modal leaves it free (dialog.css), so a
 * toast never covers a dialog's buttons: on a phone the dialog is a sheet at the bottom, right
 * where the toasts are.
 */
export const TOASTS_SPACE_PROPERTY = '--bt-toasts-space';

/** Gap between the toasts and a modal above them, in pixels. */
const GAP_PX = 8;

/** Keeps `TOASTS_SPACE_PROPERTY` up to date while the region is on screen; its ref callback. */
function useReservedSpace(): (element: HTMLDivElement | null) => void {
  const observer = useRef<ResizeObserver | null>(null);
  return useCallback((element: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    const root = document.documentElement;
    if (element === null) {
      root.style.removeProperty(TOASTS_SPACE_PROPERTY);
      return;
    }
    const update = () => {
      // Layout sizes, not the box on screen: a toast rising in is moved by a transform.
      const height = element.offsetHeight;
      if (height === 0) {
        root.style.removeProperty(TOASTS_SPACE_PROPERTY);
        return;
      }
      const margin = Number.parseFloat(getComputedStyle(element).bottom) || 0;
      root.style.setProperty(TOASTS_SPACE_PROPERTY, `${Math.ceil(height + margin + GAP_PX)}px`);
    };
    update();
    if (typeof ResizeObserver === 'function') {
      observer.current = new ResizeObserver(update);
      observer.current.observe(element);
    }
  }, []);
}

/** Spanish wherever it is rendered, inside `BoticaProvider` or not. */
export function ToastRegion({ queue, 'aria-label': ariaLabel }: Required<ToastsProps>) {
  const reserveSpace = useReservedSpace();
  return (
    <I18nProvider locale="es-ES">
      <AriaToastRegion ref={reserveSpace} queue={queue} className="bt-toast-region" aria-label={ariaLabel}>
        {({ toast }) => {
          const tone = toast.content.tone ?? 'info';
          const Icon = TONE_ICONS[tone];
          const product = toast.content.product;
          return (
            <AriaToast
              toast={toast}
              className={cx(
                'bt-toast',
                `bt-toast--${tone}`,
                toast.content.action ? 'bt-toast--with-action' : undefined,
              )}
            >
              {product ? (
                <span className="bt-toast__media">
                  <ProductImage
                    image={product.image}
                    size="thumbnail"
                    alt=""
                    className="bt-toast__thumbnail"
                  />
                  <Icon className="bt-toast__check" size={18} />
                </span>
              ) : (
                <Icon className="bt-toast__icon" size={22} />
              )}
              <AriaToastContent className="bt-toast__content">
                <Text slot="title" className="bt-toast__title">
                  {toast.content.title}
                </Text>
                {product ? (
                  <Text slot="description" className="bt-toast__description bt-toast__product">
                    {product.name}
                  </Text>
                ) : toast.content.description ? (
                  <Text slot="description" className="bt-toast__description">
                    {toast.content.description}
                  </Text>
                ) : null}
              </AriaToastContent>
              {toast.content.action ? (
                <AriaButton
                  className="bt-toast__action"
                  onPress={() => {
                    toast.content.action?.onAction();
                    queue.close(toast.key);
                  }}
                >
                  {toast.content.action.label}
                </AriaButton>
              ) : null}
              <AriaButton slot="close" aria-label="Cerrar notificación" className="bt-toast__close">
                <CloseIcon size={18} />
              </AriaButton>
            </AriaToast>
          );
        }}
      </AriaToastRegion>
    </I18nProvider>
  );
}
