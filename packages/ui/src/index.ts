/**
 * @botica/ui: Botica's component library on react-aria-components, in Spanish (es-ES).
 * Import the styles once: `import '@botica/ui/styles.css'`.
 * @packageDocumentation
 */
export type { ButtonProps, ButtonSize, ButtonVariant } from './button/button.tsx';
export { Button, Spinner } from './button/button.tsx';
export type { IconButtonProps } from './icon-button/icon-button.tsx';
export { IconButton } from './icon-button/icon-button.tsx';
export type { LinkProps, LinkVariant } from './link/link.tsx';
export { Link } from './link/link.tsx';
export type { ProductImageProps } from './product-image/product-image.tsx';
export { DEFAULT_PRODUCT_IMAGE, ProductImage } from './product-image/product-image.tsx';
export type { BoticaProviderProps } from './provider/botica-provider.tsx';
export { BoticaProvider } from './provider/botica-provider.tsx';
export type {
  AddToCartToastOptions,
  ToastContent,
  ToastQueue,
  ToastsProps,
  ToastTone,
} from './toasts/toasts.tsx';
export { createToastQueue, showAddToCartToast, showToast, Toasts, toastQueue } from './toasts/toasts.tsx';
export type { CartItem, Product, ProductImageSet, SearchHit, SearchResultsPage } from './types.ts';
