/**
 * @botica/ui: Botica's component library on react-aria-components, in Spanish (es-ES).
 * Wrap the app in `BoticaProvider` and import the styles once: `import '@botica/ui/styles.css'`.
 * Amounts in wire objects (`price`, `final_price`) are euros; bare amount props are integer cents
 * and end in `Cents`.
 * @packageDocumentation
 */
export type { AccountSubHeaderProps } from './account-sub-header/account-sub-header.tsx';
export { AccountSubHeader } from './account-sub-header/account-sub-header.tsx';
export type { AlertDialogProps } from './alert-dialog/alert-dialog.tsx';
export { AlertDialog } from './alert-dialog/alert-dialog.tsx';
export type { AppHeaderLabels, AppHeaderProps } from './app-header/app-header.tsx';
export { AppHeader } from './app-header/app-header.tsx';
export type { BadgeProps, BadgeTone } from './badge/badge.tsx';
export { Badge } from './badge/badge.tsx';
export type { ButtonProps, ButtonSize, ButtonVariant } from './button/button.tsx';
export { Button, Spinner } from './button/button.tsx';
export type { CartSummaryProps } from './cart-summary/cart-summary.tsx';
export { CartSummary } from './cart-summary/cart-summary.tsx';
export type { CheckboxProps } from './checkbox/checkbox.tsx';
export { Checkbox } from './checkbox/checkbox.tsx';
export type {
  ChoiceFieldProps,
  ChoiceOption,
  MultipleChoiceFieldProps,
  SingleChoiceFieldProps,
} from './choice-field/choice-field.tsx';
export { ChoiceField } from './choice-field/choice-field.tsx';
export type { ConfirmDialogProps } from './confirm-dialog/confirm-dialog.tsx';
export { ConfirmDialog } from './confirm-dialog/confirm-dialog.tsx';
export type {
  CookieConsent,
  CookieConsentDialogProps,
} from './cookie-consent-dialog/cookie-consent-dialog.tsx';
export { CookieConsentDialog } from './cookie-consent-dialog/cookie-consent-dialog.tsx';
export type { DataTableColumn, DataTableProps, SortDescriptor } from './data-table/data-table.tsx';
export { DataTable } from './data-table/data-table.tsx';
export type { DialogProps } from './dialog/dialog.tsx';
export { Dialog, DialogTrigger } from './dialog/dialog.tsx';
export type { EmptyStateProps } from './empty-state/empty-state.tsx';
export { EmptyState } from './empty-state/empty-state.tsx';
export type { ErrorPageProps } from './error-page/error-page.tsx';
export { ErrorPage } from './error-page/error-page.tsx';
export type { FilterGroupProps } from './filter-group/filter-group.tsx';
export { FilterGroup } from './filter-group/filter-group.tsx';
export type { FooterProps, LabContact, SocialNetwork } from './footer/footer.tsx';
export { DEMO_LAB_CONTACT, DEMO_SOCIAL_LINKS, Footer } from './footer/footer.tsx';
export type { FormProps, ServerFieldErrors } from './form/form.tsx';
export { Form, firstFieldErrors } from './form/form.tsx';
export type { IconButtonProps } from './icon-button/icon-button.tsx';
export { IconButton } from './icon-button/icon-button.tsx';
export type { IconProps } from './icons/icons.tsx';
export {
  AlertIcon,
  CartIcon,
  CheckIcon,
  ChevronDownIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  CloseIcon,
  ErrorIcon,
  InfoIcon,
  LeafIcon,
  LogoutIcon,
  MinusIcon,
  PlusIcon,
  SearchIcon,
  TrashIcon,
  UserIcon,
} from './icons/icons.tsx';
export type { FieldErrorMessage } from './internal/field-parts.tsx';
export type { NavItem } from './internal/nav-links.tsx';
export type { PlainLinkProps } from './internal/plain-link.tsx';
export { PlainLink } from './internal/plain-link.tsx';
export type { LabMessageCardProps } from './lab-message-card/lab-message-card.tsx';
export { LabMessageCard, labMessageTone } from './lab-message-card/lab-message-card.tsx';
export type { LinkProps, LinkVariant } from './link/link.tsx';
export { Link } from './link/link.tsx';
export type { LoadingBarProps } from './loading-bar/loading-bar.tsx';
export { LoadingBar } from './loading-bar/loading-bar.tsx';
export type { LoginCredentials, LoginFormDraft, LoginFormProps } from './login-form/login-form.tsx';
export { createLoginFormDraft, LOGIN_FORM_MESSAGES, LoginForm } from './login-form/login-form.tsx';
export type { MiniCartProps } from './mini-cart/mini-cart.tsx';
export { MiniCart } from './mini-cart/mini-cart.tsx';
export type { MinimumOrderNoticeProps } from './minimum-order-notice/minimum-order-notice.tsx';
export { MinimumOrderNotice } from './minimum-order-notice/minimum-order-notice.tsx';
export type {
  MonthlyCap,
  MonthlyCapNoticeProps,
  OrderContact,
} from './monthly-cap-notice/monthly-cap-notice.tsx';
export {
  DEMO_ORDER_CONTACT,
  fitsMonthlyCap,
  MonthlyCapNotice,
} from './monthly-cap-notice/monthly-cap-notice.tsx';
export type { NativeSelectOption, NativeSelectProps } from './native-select/native-select.tsx';
export { NativeSelect } from './native-select/native-select.tsx';
export type { NumberFieldProps } from './number-field/number-field.tsx';
export { NumberField } from './number-field/number-field.tsx';
export type { PaginationProps } from './pagination/pagination.tsx';
export { Pagination, pageWindow } from './pagination/pagination.tsx';
export type { PasswordFieldProps } from './password-field/password-field.tsx';
export { PasswordField } from './password-field/password-field.tsx';
export { flushPendingEdits, hasPendingEdits, registerPendingEdit } from './pending-edits/pending-edits.ts';
export type { PriceProps } from './price/price.tsx';
export { Price, productPrices } from './price/price.tsx';
export type { PriceRangeFieldProps } from './price-range-field/price-range-field.tsx';
export { PRICE_RANGE_MESSAGES, PriceRangeField } from './price-range-field/price-range-field.tsx';
export type { ProductCardProps } from './product-card/product-card.tsx';
export { ProductCard, ProductCardSkeleton } from './product-card/product-card.tsx';
export type { ProductGridProps } from './product-grid/product-grid.tsx';
export { ProductGrid } from './product-grid/product-grid.tsx';
export type { ProductImageProps } from './product-image/product-image.tsx';
export { DEFAULT_PRODUCT_IMAGE, ProductImage } from './product-image/product-image.tsx';
export type { BoticaProviderProps } from './provider/botica-provider.tsx';
export { BoticaProvider } from './provider/botica-provider.tsx';
export type { NavigationProviderProps } from './provider/navigation-provider.tsx';
export { NavigationProvider } from './provider/navigation-provider.tsx';
export type { QuantityInputProps } from './quantity-input/quantity-input.tsx';
export { QuantityInput } from './quantity-input/quantity-input.tsx';
export type { RatingFieldProps } from './rating-field/rating-field.tsx';
export { RatingField } from './rating-field/rating-field.tsx';
export {
  isSafeRichTextHref,
  RichText,
  type RichTextBlock,
  type RichTextInline,
  type RichTextProps,
  type RichTextValue,
} from './rich-text/rich-text.tsx';
export type { SearchBoxProps } from './search-box/search-box.tsx';
export { SearchBox } from './search-box/search-box.tsx';
export type { SearchOverlayProps } from './search-overlay/search-overlay.tsx';
export { SearchOverlay } from './search-overlay/search-overlay.tsx';
export type { SelectOption, SelectProps } from './select/select.tsx';
export { Select } from './select/select.tsx';
export type { SkeletonProps } from './skeleton/skeleton.tsx';
export { Skeleton } from './skeleton/skeleton.tsx';
export type { StockBadgeProps } from './stock-badge/stock-badge.tsx';
export { isSoldOut, StockBadge, stockStatus } from './stock-badge/stock-badge.tsx';
export type { SwitchProps } from './switch/switch.tsx';
export { Switch } from './switch/switch.tsx';
export type { TabItem, TabsProps } from './tabs/tabs.tsx';
export { Tabs } from './tabs/tabs.tsx';
export type { TextFieldProps } from './text-field/text-field.tsx';
export { TextField } from './text-field/text-field.tsx';
export type {
  AddToCartToastOptions,
  ToastAction,
  ToastContent,
  ToastQueue,
  ToastsProps,
  ToastTone,
} from './toasts/toasts.tsx';
export {
  createToastQueue,
  loadToasts,
  showAddToCartToast,
  showToast,
  Toasts,
  toastQueue,
} from './toasts/toasts.tsx';
export type { TrainingSubMenuProps } from './training-sub-menu/training-sub-menu.tsx';
export { TrainingSubMenu } from './training-sub-menu/training-sub-menu.tsx';
export type {
  CartItem,
  Product,
  ProductImageSet,
  SearchHit,
  SearchResultsPage,
  StockLevel,
} from './types.ts';
export type { VolumeRulesTableProps } from './volume-rules-table/volume-rules-table.tsx';
export { VolumeRulesTable } from './volume-rules-table/volume-rules-table.tsx';
export type { WebinarCardProps, WebinarDateTileProps } from './webinar-card/webinar-card.tsx';
export { WebinarCard, WebinarDateTile } from './webinar-card/webinar-card.tsx';
