import { cartTotals, formatEuros, totalQuantity, unitLabel } from '@botica/domain';
import { type FocusEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { cx } from '../internal/class-names.ts';
import { Link } from '../link/link.tsx';
import { MinimumOrderNotice } from '../minimum-order-notice/minimum-order-notice.tsx';
import {
  fitsMonthlyCap,
  type MonthlyCap,
  type OrderContact,
} from '../monthly-cap-notice/monthly-cap-notice.tsx';
import { ProductImage } from '../product-image/product-image.tsx';
import type { CartItem } from '../types.ts';

export interface MiniCartProps {
  /** The element it opens from: the header's 'Mi pedido' link. */
  children: ReactNode;
  /** The cart's lines (prices in euros, as the cart endpoint sends them). */
  items: ReadonlyArray<CartItem>;
  /** The cart page's address: the 'ENVIAR PEDIDO' button goes there. */
  cartHref: string;
  /**
   * Hides the mini cart, as on the cart page itself.
   * @default false
   */
  isHidden?: boolean;
  /** Whether it is open (controlled: the spec's 'mini cart open' flag). */
  isOpen?: boolean;
  /** Called when it opens or closes. */
  onOpenChange?: (isOpen: boolean) => void;
  /**
   * Whether it starts open (uncontrolled).
   * @default false
   */
  defaultOpen?: boolean;
  /**
   * Milliseconds between the pointer leaving and the panel closing, so it can cross the gap.
   * @default 150
   */
  closeDelayMs?: number;
  /**
   * The configuration's `order_minimum_amount` in cents: below it the subtotal says how much is
   * missing and the button only leads to the cart, as 'Ver mi pedido'.
   */
  orderMinimumAmountCents?: number | undefined;
  /**
   * The monthly purchase cap and this month's orders: what is left shows under the subtotal; when no
   * order can be sent this month (or the cart passes what is left) it says so and the button only
   * leads to the cart.
   */
  monthlyCap?: MonthlyCap | undefined;
  /** The laboratory's phone and e-mail, for a month in which no order can be sent. @default DEMO_ORDER_CONTACT */
  contact?: OrderContact | undefined;
  /**
   * Why this user may not send the order (a sub-user without the permission), as the cart page says
   * it: shown under the subtotal, and the button only leads to the cart.
   */
  sendRestriction?: ReactNode;
}

/**
 * The mini cart: a summary of 'Mi pedido' that opens when the pointer rests on the
 * header's cart link or the link gets keyboard focus, and closes when pointer and focus leave (or
 * on Escape). It never shows when the cart is empty or on the cart page. Under the subtotal it says
 * what the cart page says: the minimum order, what is left of the monthly cap, and why this user may
 * not send the order. Its button goes to the cart page, where the order is reviewed and sent: 'ENVIAR
 * PEDIDO' when it can be sent, else 'Ver mi pedido'.
 */
export function MiniCart({
  children,
  items,
  cartHref,
  isHidden = false,
  isOpen,
  onOpenChange,
  defaultOpen = false,
  closeDelayMs = 150,
  orderMinimumAmountCents,
  monthlyCap,
  contact,
  sendRestriction,
}: MiniCartProps) {
  const [localOpen, setLocalOpen] = useState(defaultOpen);
  const open = isOpen ?? localOpen;
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const setOpen = (next: boolean) => {
    if (closeTimer.current !== undefined) clearTimeout(closeTimer.current);
    closeTimer.current = undefined;
    if (next === open) return;
    if (isOpen === undefined) setLocalOpen(next);
    onOpenChange?.(next);
  };
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const canShow = !isHidden && items.length > 0;
  const totals = canShow ? cartTotals(items) : null;
  const units = totalQuantity(items);
  const priceCents = totals?.priceCents ?? 0;
  // The same rules as the cart page's send button: only an order that can be sent is offered as one.
  const canSend =
    !sendRestriction &&
    (orderMinimumAmountCents === undefined || priceCents >= orderMinimumAmountCents) &&
    fitsMonthlyCap(monthlyCap, orderMinimumAmountCents, priceCents);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only reveal a summary; the link inside is the control
    <div
      className="bt-mini-cart"
      onPointerEnter={(event) => event.pointerType === 'mouse' && setOpen(true)}
      onPointerLeave={(event) => {
        if (event.pointerType !== 'mouse') return;
        closeTimer.current = setTimeout(() => setOpen(false), closeDelayMs);
      }}
      onFocus={(event) => {
        if (event.target instanceof HTMLElement && event.target.matches(':focus-visible')) setOpen(true);
      }}
      onBlur={(event: FocusEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) setOpen(false);
      }}
    >
      {children}
      {canShow && open && totals ? (
        <section className="bt-mini-cart__panel" aria-label="Resumen de Mi pedido">
          <header className="bt-mini-cart__header">
            <h2 className="bt-mini-cart__title">Mi pedido</h2>
            <span className="bt-mini-cart__count">
              {items.length} {items.length === 1 ? 'producto' : 'productos'} · {units} {unitLabel(units)}
            </span>
          </header>
          {/* Focusable: when the lines scroll (a long cart, a long notice under them) the keyboard scrolls them too. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled by keyboard */}
          <ul className="bt-mini-cart__lines" tabIndex={0} aria-label="Productos de Mi pedido">
            {items.map((item, index) => (
              <li key={item.product.id} className="bt-mini-cart__line">
                <ProductImage
                  image={item.product.image}
                  size="thumbnail"
                  alt=""
                  className="bt-mini-cart__thumb"
                />
                <span className="bt-mini-cart__name">{item.product.name}</span>
                <span className="bt-mini-cart__quantity">
                  {item.quantity} {unitLabel(item.quantity)}
                </span>
                <span className="bt-mini-cart__price">
                  {formatEuros(totals.lines[index]?.priceCents ?? 0)}
                </span>
              </li>
            ))}
          </ul>
          <footer className="bt-mini-cart__footer">
            <p className="bt-mini-cart__subtotal">
              <span>Subtotal</span>
              <span className="bt-mini-cart__subtotal-amount">{formatEuros(totals.priceCents)}</span>
            </p>
            <p className="bt-mini-cart__note">IVA y descuentos se calculan en el pedido.</p>
            {orderMinimumAmountCents !== undefined ? (
              <MinimumOrderNotice
                orderMinimumAmountCents={orderMinimumAmountCents}
                cartPriceCents={totals.priceCents}
                monthlyCap={monthlyCap}
                contact={contact}
                size="sm"
                className="bt-mini-cart__rules"
              />
            ) : null}
            {sendRestriction ? <div className="bt-mini-cart__restriction">{sendRestriction}</div> : null}
            {canSend ? (
              <Link href={cartHref} variant="primary" className={cx('bt-mini-cart__send')}>
                ENVIAR PEDIDO
              </Link>
            ) : (
              <Link href={cartHref} variant="secondary" className={cx('bt-mini-cart__send')}>
                Ver mi pedido
              </Link>
            )}
          </footer>
        </section>
      ) : null}
    </div>
  );
}
