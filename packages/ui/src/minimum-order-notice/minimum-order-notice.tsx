import { formatEuros, minimumOrderMessage, minimumOrderShortfall, monthlyAllowance } from '@botica/domain';
import { Meter } from 'react-aria-components';
import { AlertIcon } from '../icons/icons.tsx';
import { cx } from '../internal/class-names.ts';
import {
  type MonthlyCap,
  MonthlyCapNotice,
  type OrderContact,
} from '../monthly-cap-notice/monthly-cap-notice.tsx';

export interface MinimumOrderNoticeProps {
  /** The configuration's `order_minimum_amount`, in cents. */
  orderMinimumAmountCents: number;
  /** The cart's price (before discounts and VAT), in cents. */
  cartPriceCents: number;
  /**
   * The monthly purchase cap and this month's orders: what is left this month shows beside the
   * minimum, and when it is below the minimum the notice says no order can be sent this month
   * instead of asking for more. Without it only the minimum shows.
   */
  monthlyCap?: MonthlyCap | undefined;
  /** The laboratory's phone and e-mail, for a month in which no order can be sent. @default DEMO_ORDER_CONTACT */
  contact?: OrderContact | undefined;
  /** The moment that decides the month. @default new Date() */
  now?: Date | undefined;
  /**
   * `sm` for the mini cart: no bar.
   * @default 'md'
   */
  size?: 'sm' | 'md';
  /** Extra class names. */
  className?: string;
}

/**
 * The minimum-order warning: while the cart is below `order_minimum_amount` it says
 * 'Necesitas añadir {amount} a tu pedido para poder finalizarlo.' with a bar of how far the cart
 * has got. Given the monthly cap, it says what is left of it this month too, and when that is below
 * the minimum, only that no order can be sent this month and how to reach the laboratory
 * (`MonthlyCapNotice`). It renders nothing once the minimum is reached and no cap is given. Rules
 * from `@botica/domain`.
 */
export function MinimumOrderNotice({
  orderMinimumAmountCents,
  cartPriceCents,
  monthlyCap,
  contact,
  now,
  size = 'md',
  className,
}: MinimumOrderNoticeProps) {
  const check = minimumOrderShortfall({ orderMinimumAmountCents }, cartPriceCents);
  const capNotice =
    monthlyCap === undefined ? null : (
      <MonthlyCapNotice
        monthlyCap={monthlyCap}
        orderMinimumAmountCents={orderMinimumAmountCents}
        cartPriceCents={cartPriceCents}
        size={size}
        {...(contact ? { contact } : {})}
        {...(now ? { now } : {})}
      />
    );
  const isBlocked =
    monthlyCap !== undefined &&
    !monthlyAllowance(
      { orderMinimumAmountCents, maximumPurchasePerMonthCents: monthlyCap.capCents },
      monthlyCap.spentCents,
    ).canOrderThisMonth;
  // Asking for more would be wrong when no order can be sent this month at all.
  if (check.ok || isBlocked) {
    return capNotice === null ? null : <div className={cx('bt-order-rules', className)}>{capNotice}</div>;
  }
  const percent =
    orderMinimumAmountCents > 0 ? Math.min(100, (cartPriceCents / orderMinimumAmountCents) * 100) : 0;
  return (
    <div className={cx('bt-order-rules', className)}>
      <div className={cx('bt-minimum-order', `bt-minimum-order--${size}`)} role="status">
        <p className="bt-minimum-order__message">
          <AlertIcon size={20} className="bt-minimum-order__icon" />
          <span>{minimumOrderMessage(check.missingCents)}</span>
        </p>
        {size === 'md' ? (
          <Meter
            aria-label="Importe del pedido respecto al pedido mínimo"
            value={percent}
            valueLabel={`${formatEuros(cartPriceCents)} de ${formatEuros(orderMinimumAmountCents)}`}
            className="bt-minimum-order__meter"
          >
            {({ percentage, valueText }) => (
              <>
                <span className="bt-minimum-order__track">
                  <span className="bt-minimum-order__fill" style={{ width: `${percentage}%` }} />
                </span>
                <span className="bt-minimum-order__value">
                  {valueText} <span className="bt-minimum-order__caption">(pedido mínimo)</span>
                </span>
              </>
            )}
          </Meter>
        ) : (
          <p className="bt-minimum-order__value">
            {formatEuros(cartPriceCents)} de {formatEuros(orderMinimumAmountCents)}{' '}
            <span className="bt-minimum-order__caption">(pedido mínimo)</span>
          </p>
        )}
      </div>
      {capNotice}
    </div>
  );
}
