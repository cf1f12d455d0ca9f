import { formatEuros, minimumOrderMessage, minimumOrderShortfall } from '@botica/domain';
import { Meter } from 'react-aria-components';
import { AlertIcon } from '../icons/icons.tsx';
import { cx } from '../internal/class-names.ts';

export interface MinimumOrderNoticeProps {
  /** The configuration's `order_minimum_amount`, in cents. */
  orderMinimumAmountCents: number;
  /** The cart's price (before discounts and VAT), in cents. */
  cartPriceCents: number;
  /** Extra class names. */
  className?: string;
}

/**
 * The minimum-order warning (spec §4, §5): while the cart is below `order_minimum_amount` it says
 * 'Necesitas añadir {amount} a tu pedido para poder finalizarlo.' with a bar of how far the cart
 * has got. It renders nothing once the minimum is reached. Rules from `@botica/domain`.
 */
export function MinimumOrderNotice({
  orderMinimumAmountCents,
  cartPriceCents,
  className,
}: MinimumOrderNoticeProps) {
  const check = minimumOrderShortfall({ orderMinimumAmountCents }, cartPriceCents);
  if (check.ok) return null;
  const percent =
    orderMinimumAmountCents > 0 ? Math.min(100, (cartPriceCents / orderMinimumAmountCents) * 100) : 0;
  return (
    <div className={cx('bt-minimum-order', className)} role="status">
      <p className="bt-minimum-order__message">
        <AlertIcon size={20} className="bt-minimum-order__icon" />
        <span>{minimumOrderMessage(check.missingCents)}</span>
      </p>
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
    </div>
  );
}
