import {
  cartTotals,
  type Discount,
  formatEuros,
  formatPercent,
  totalQuantity,
  unitLabel,
} from '@botica/domain';
import type { ReactNode } from 'react';
import { Link as AriaLink } from 'react-aria-components';
import { Button } from '../button/button.tsx';
import { EmptyState } from '../empty-state/empty-state.tsx';
import { IconButton } from '../icon-button/icon-button.tsx';
import { CartIcon, TrashIcon } from '../icons/icons.tsx';
import { cx } from '../internal/class-names.ts';
import { Link } from '../link/link.tsx';
import { MinimumOrderNotice } from '../minimum-order-notice/minimum-order-notice.tsx';
import {
  fitsMonthlyCap,
  type MonthlyCap,
  MonthlyCapNotice,
  type OrderContact,
} from '../monthly-cap-notice/monthly-cap-notice.tsx';
import { Price, productPrices } from '../price/price.tsx';
import { ProductImage } from '../product-image/product-image.tsx';
import { QuantityInput } from '../quantity-input/quantity-input.tsx';
import { Skeleton } from '../skeleton/skeleton.tsx';
import type { CartItem } from '../types.ts';

export interface CartSummaryProps {
  /** The cart's lines, as the cart endpoint sends them (prices in euros). */
  items: ReadonlyArray<CartItem>;
  /** The client's discounts; each line is the cart price × `discount_percent` / 100. */
  discounts?: ReadonlyArray<Discount>;
  /**
   * The client is in the VAT regime of recargo de equivalencia (the cart's `recargo_equivalencia`):
   * one surcharge line per VAT rate shows under the VAT lines, and the total includes them.
   * @default false
   */
  hasEquivalenceSurcharge?: boolean;
  /** The configuration's `order_minimum_amount` in cents; below it the send button is disabled. */
  orderMinimumAmountCents?: number;
  /**
   * The monthly purchase cap and this month's orders: what is left this month shows beside the
   * minimum; when it is below the minimum (no order can be sent this month), or the cart passes it,
   * the send button is disabled and the notice says why.
   */
  monthlyCap?: MonthlyCap | undefined;
  /** The laboratory's phone and e-mail, for a month in which no order can be sent. @default DEMO_ORDER_CONTACT */
  contact?: OrderContact | undefined;
  /** The product page's address of each line. */
  getProductHref?: (item: CartItem) => string;
  /** What the app adds under a line's quantity (a hint about the line, say); nothing by default. */
  renderLineExtra?: (item: CartItem) => ReactNode;
  /** Called 500 ms after a line's quantity stops changing; without it quantities are read-only. */
  onQuantityChange?: (productId: CartItem['product']['id'], quantity: number) => void;
  /** Called by a line's remove button; without it there is none. */
  onRemove?: (productId: CartItem['product']['id']) => void;
  /** Called by 'ENVIAR PEDIDO'. */
  onCheckout?: () => void;
  /**
   * Why this user may not send the order (a sub-user without the permission: the pharmacy's main
   * user sends it). When given, it is shown instead of the send button.
   */
  sendRestriction?: ReactNode;
  /**
   * The cart is being saved: remove buttons wait; quantities show as pending but stay
   * usable, so the focus stays where the pharmacist pressed (a change made meanwhile is saved
   * next). The send button stays
   * pressable: the click that ends the editing of a quantity must not be lost, and the app sends
   * once the save is done (showing `isCheckingOut` meanwhile).
   * @default false
   */
  isSaving?: boolean;
  /**
   * The order is being sent: the send button shows as pending.
   * @default false
   */
  isCheckingOut?: boolean;
  /**
   * Shows placeholders while the cart loads.
   * @default false
   */
  isLoading?: boolean;
  /** The catalogue's address: the empty cart links there. */
  catalogHref: string;
  /** Content under the send button (e.g. delivery notes). */
  children?: ReactNode;
  /** Extra class names. */
  className?: string;
}

/**
 * 'Mi pedido': the lines with their quantity and price; the subtotal, one line per
 * discount, the VAT by rate, the recargo de equivalencia by rate for a client in that regime, and
 * the total, all from `cartTotals` in `@botica/domain`; the
 * minimum-order notice with what is left of the monthly cap; and 'ENVIAR PEDIDO', disabled below
 * the minimum, when no order can be sent this month, or when the cart passes what is left.
 */
export function CartSummary({
  items,
  discounts = [],
  hasEquivalenceSurcharge = false,
  orderMinimumAmountCents,
  monthlyCap,
  contact,
  getProductHref,
  renderLineExtra,
  onQuantityChange,
  onRemove,
  onCheckout,
  sendRestriction,
  isSaving = false,
  isCheckingOut = false,
  isLoading = false,
  catalogHref,
  children,
  className,
}: CartSummaryProps) {
  if (isLoading) {
    return (
      <div className={cx('bt-cart', className)} aria-busy="true">
        <p role="status" className="bt-visually-hidden">
          Cargando tu pedido…
        </p>
        <div className="bt-cart__layout">
          <div className="bt-cart__lines">
            {[0, 1, 2].map((row) => (
              <div key={row} className="bt-cart__line">
                <Skeleton variant="rect" width="4.5rem" height="4.5rem" />
                <Skeleton lines={2} />
              </div>
            ))}
          </div>
          <div className="bt-cart__summary">
            <Skeleton lines={4} />
          </div>
        </div>
      </div>
    );
  }
  if (items.length === 0) {
    const emptyState = (
      <EmptyState
        title="Tu pedido está vacío"
        description="Busca productos por referencia o nombre, o explora el catálogo para añadirlos."
        icon={<CartIcon size={32} />}
        action={
          <Link href={catalogHref} variant="primary">
            Ir al catálogo
          </Link>
        }
      />
    );
    // A month in which no order can be sent is said before anything is added.
    if (
      monthlyCap === undefined ||
      orderMinimumAmountCents === undefined ||
      fitsMonthlyCap(monthlyCap, orderMinimumAmountCents, 0)
    ) {
      return emptyState;
    }
    return (
      <div className={cx('bt-cart', 'bt-cart--empty', className)}>
        <MonthlyCapNotice
          monthlyCap={monthlyCap}
          orderMinimumAmountCents={orderMinimumAmountCents}
          {...(contact ? { contact } : {})}
        />
        {emptyState}
      </div>
    );
  }

  const totals = cartTotals(items, discounts, { equivalenceSurcharge: hasEquivalenceSurcharge });
  const units = totalQuantity(items);
  const isBelowMinimum = orderMinimumAmountCents !== undefined && totals.priceCents < orderMinimumAmountCents;
  const isWithinCap = fitsMonthlyCap(monthlyCap, orderMinimumAmountCents, totals.priceCents);

  return (
    <div className={cx('bt-cart', className)}>
      <div className="bt-cart__layout">
        <section className="bt-cart__lines" aria-labelledby="bt-cart-lines-title">
          <h2 id="bt-cart-lines-title" className="bt-cart__heading">
            Productos{' '}
            <span className="bt-cart__heading-count">
              ({units} {unitLabel(units)})
            </span>
          </h2>
          <ul className="bt-cart__list">
            {items.map((item, index) => {
              const { amountCents, originalCents } = productPrices(item.product);
              const href = getProductHref?.(item);
              return (
                <li key={item.product.id} className="bt-cart__line">
                  <ProductImage
                    image={item.product.image}
                    size="thumbnail"
                    alt=""
                    className="bt-cart__thumb"
                  />
                  <div className="bt-cart__info">
                    <p className="bt-cart__name">
                      {href ? (
                        <AriaLink href={href} className="bt-cart__name-link">
                          {item.product.name}
                        </AriaLink>
                      ) : (
                        item.product.name
                      )}
                    </p>
                    <p className="bt-cart__meta">
                      {[item.product.reference, item.product.format].filter(Boolean).join(' · ')}
                    </p>
                    <Price amountCents={amountCents} originalCents={originalCents} suffix="/ud" size="sm" />
                  </div>
                  <div className="bt-cart__quantity">
                    {onQuantityChange ? (
                      <QuantityInput
                        value={item.quantity}
                        productName={item.product.name}
                        isPending={isSaving}
                        onChange={(quantity) => onQuantityChange(item.product.id, quantity)}
                      />
                    ) : (
                      <span>
                        {item.quantity} {unitLabel(item.quantity)}
                      </span>
                    )}
                    {renderLineExtra?.(item)}
                  </div>
                  <p className="bt-cart__line-total">
                    <span className="bt-visually-hidden">Importe: </span>
                    {formatEuros(totals.lines[index]?.priceCents ?? 0)}
                  </p>
                  {onRemove ? (
                    <IconButton
                      label={`Eliminar ${item.product.name} del pedido`}
                      isDisabled={isSaving}
                      onPress={() => onRemove(item.product.id)}
                      className="bt-cart__remove"
                    >
                      <TrashIcon />
                    </IconButton>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>
        <aside className="bt-cart__summary" aria-labelledby="bt-cart-summary-title">
          <h2 id="bt-cart-summary-title" className="bt-cart__heading">
            Resumen del pedido
          </h2>
          <dl className="bt-cart__totals">
            <div className="bt-cart__row">
              <dt>Subtotal</dt>
              <dd>{formatEuros(totals.priceCents)}</dd>
            </div>
            {totals.discounts.map((discount) => (
              <div key={discount.groupName} className="bt-cart__row bt-cart__row--discount">
                <dt>
                  Descuento {discount.groupName} ({formatPercent(discount.discountPercent)})
                </dt>
                <dd>{formatEuros(-discount.amountCents)}</dd>
              </div>
            ))}
            {totals.vat.map((vat) => (
              <div key={vat.rate} className="bt-cart__row bt-cart__row--vat">
                <dt>
                  IVA {formatPercent(vat.rate)}{' '}
                  <span className="bt-cart__base">sobre {formatEuros(vat.baseCents)}</span>
                </dt>
                <dd>{formatEuros(vat.amountCents)}</dd>
              </div>
            ))}
            {totals.surcharges.map((surcharge) => (
              <div key={`surcharge-${surcharge.vatRate}`} className="bt-cart__row bt-cart__row--surcharge">
                <dt>
                  Recargo de equivalencia {formatPercent(surcharge.rate)}{' '}
                  <span className="bt-cart__base">sobre {formatEuros(surcharge.baseCents)}</span>
                </dt>
                <dd>{formatEuros(surcharge.amountCents)}</dd>
              </div>
            ))}
            <div className="bt-cart__row bt-cart__row--total">
              <dt>Total</dt>
              <dd>{formatEuros(totals.totalCents)}</dd>
            </div>
          </dl>
          {orderMinimumAmountCents !== undefined ? (
            <MinimumOrderNotice
              orderMinimumAmountCents={orderMinimumAmountCents}
              cartPriceCents={totals.priceCents}
              monthlyCap={monthlyCap}
              contact={contact}
            />
          ) : null}
          {sendRestriction ? (
            <div className="bt-cart__restriction">{sendRestriction}</div>
          ) : (
            <Button
              size="lg"
              isFullWidth
              isDisabled={isBelowMinimum || !isWithinCap}
              isPending={isCheckingOut}
              onPress={onCheckout}
              className="bt-cart__send"
            >
              ENVIAR PEDIDO
            </Button>
          )}
          <p className="bt-cart__saving" role="status">
            {isSaving ? 'Guardando los cambios…' : ''}
          </p>
          {children}
        </aside>
      </div>
    </div>
  );
}
