/** The toast region's react-aria part, loaded by `Toasts` with the first toast. */
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
import type { ToastsProps } from './toasts.tsx';

const TONE_ICONS = {
  info: InfoIcon,
  success: CheckCircleIcon,
  warning: AlertIcon,
  danger: ErrorIcon,
} as const;

/** Spanish wherever it is rendered, inside `BoticaProvider` or not. */
export function ToastRegion({ queue, 'aria-label': ariaLabel }: Required<ToastsProps>) {
  return (
    <I18nProvider locale="es-ES">
      <AriaToastRegion queue={queue} className="bt-toast-region" aria-label={ariaLabel}>
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
