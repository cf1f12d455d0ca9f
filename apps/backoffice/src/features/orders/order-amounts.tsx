/** An order's amounts as sent: the lines' sum, each discount, VAT and recargo by rate, the total. */
import type { AdminOrderDetail } from '@botica/api-client/admin';
import { eurosToCents, formatEuros, formatPercent } from '@botica/domain';

const euros = (amount: number) => formatEuros(eurosToCents(amount));

export function OrderAmounts({ order }: { order: AdminOrderDetail }) {
  const base = eurosToCents(order.price) - eurosToCents(order.price_discount_line);
  return (
    <dl className="bo-order__amounts" aria-label={`Importes del pedido ${order.number}`}>
      <div>
        <dt>Suma de productos</dt>
        <dd>{euros(order.price)}</dd>
      </div>
      {order.discounts.map((discount) => (
        <div key={discount.group_name}>
          <dt>
            Descuento {discount.group_name} ({formatPercent(discount.discount_percent)})
          </dt>
          <dd>{formatEuros(-eurosToCents(discount.amount))}</dd>
        </div>
      ))}
      <div>
        <dt>Base imponible</dt>
        <dd>{formatEuros(base)}</dd>
      </div>
      {order.taxes.map((tax) => (
        <div key={`vat-${tax.rate}`}>
          <dt>
            IVA {formatPercent(tax.rate)} sobre {euros(tax.base)}
          </dt>
          <dd>{euros(tax.amount)}</dd>
        </div>
      ))}
      {order.surcharges.map((line) => (
        <div key={`re-${line.vat_rate}`}>
          <dt>
            Recargo de equivalencia {formatPercent(line.rate)} sobre {euros(line.base)}
          </dt>
          <dd>{euros(line.amount)}</dd>
        </div>
      ))}
      <div className="bo-order__total">
        <dt>Total</dt>
        <dd>{euros(order.total_price)}</dd>
      </div>
    </dl>
  );
}
