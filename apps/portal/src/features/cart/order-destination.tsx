/**
 * Where a sent order goes, as rows of a description list: the shop with its address and, for a
 * transfer order, the wholesaler it travels through with the pharmacy's customer number there.
 */
import type { Order } from '@botica/api-client/schemas';

/** 'Transfer a través de Cofares (nº cliente 458812)' */
export function transferText(transfer: NonNullable<Order['transfer']>): string {
  const number = transfer.customer_number ? ` (nº cliente ${transfer.customer_number})` : '';
  return `Transfer a través de ${transfer.name}${number}`;
}

/** The shop and its address on one line. */
export function deliveryText(delivery: Order['delivery']): string {
  return `${delivery.name}, ${delivery.address}, ${delivery.postal_code} ${delivery.city}`;
}

export interface OrderDestinationFactsProps {
  order: Pick<Order, 'delivery' | 'transfer'>;
}

/** The 'Entrega en' and, for a transfer order, 'Envío' rows of an order's facts (inside a `<dl>`). */
export function OrderDestinationFacts({ order }: OrderDestinationFactsProps) {
  return (
    <>
      <div>
        <dt>Entrega en</dt>
        <dd>{deliveryText(order.delivery)}</dd>
      </div>
      {order.transfer ? (
        <div>
          <dt>Envío</dt>
          <dd>{transferText(order.transfer)}</dd>
        </div>
      ) : null}
    </>
  );
}
