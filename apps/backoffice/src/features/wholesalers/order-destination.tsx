/**
 * Where an order went, in the back office's orders: the list's 'Envío' column (directo or the
 * wholesaler of a transfer order) and the detail's 'Entrega en' and 'Envío' rows, as sent.
 */
import type { AdminOrderDetail, AdminOrderRow } from '@botica/api-client/admin';
import type { DataTableColumn } from '@botica/ui';

type Transfer = NonNullable<AdminOrderRow['transfer']>;

/** 'Transfer a través de Cofares (nº cliente 458812)' */
export function transferText(transfer: Transfer): string {
  const number = transfer.customer_number ? ` (nº cliente ${transfer.customer_number})` : '';
  return `Transfer a través de ${transfer.name}${number}`;
}

/** The orders list's column: 'Directo' or 'Transfer · Cofares'. */
export const transferColumn: DataTableColumn<AdminOrderRow> = {
  id: 'transfer',
  header: 'Envío',
  value: (row) => (row.transfer ? `Transfer · ${row.transfer.name}` : 'Directo'),
};

/** The detail's rows (inside its `<dl>`): the shop it goes to and, for a transfer order, the wholesaler. */
export function OrderDestinationFacts({ order }: { order: Pick<AdminOrderDetail, 'delivery' | 'transfer'> }) {
  const { delivery } = order;
  return (
    <>
      <div>
        <dt>Entrega en</dt>
        <dd>
          {delivery.name}
          <span className="bo-order__muted">
            {`${delivery.address}, ${delivery.postal_code} ${delivery.city} (${delivery.province}) · Tel. ${delivery.phone}`}
          </span>
        </dd>
      </div>
      <div>
        <dt>Envío</dt>
        <dd>{order.transfer ? transferText(order.transfer) : 'Directo al laboratorio'}</dd>
      </div>
    </>
  );
}
