/**
 * /backoffice/orders/:id: one order as sent (its lines, discounts, VAT and recargo by rate, total),
 * its pharmacy and who sent it, what happened to it (status changes with who and when, shipments,
 * invoices) and, for an admin, the statuses it may move to next. A sales rep reads his pharmacies'
 * orders only (the server answers 403 for another's, shown as the error page).
 */
import type { AdminOrderDetail } from '@botica/api-client/admin';
import type { User } from '@botica/api-client/schemas';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { eurosToCents, formatDateTime, formatEuros } from '@botica/domain';
import { Badge, Link } from '@botica/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { currentUser } from '../auth/session.ts';
import { OrderDestinationFacts } from '../wholesalers/order-destination.tsx';
import { lastListSearch } from './list-search.ts';
import { OrderAmounts } from './order-amounts.tsx';
import { OrderHistory } from './order-history.tsx';
import { ORDER_STATUS } from './order-status.ts';
import { orderDetail } from './queries.ts';
import { StatusActions } from './status-actions.tsx';
import './orders.css';

interface OrderData {
  id: number;
  isAdmin: boolean;
}

export async function loader({ context, params }: LoaderFunctionArgs): Promise<OrderData> {
  const id = Number(params.id);
  if (!/^[1-9]\d{0,9}$/.test(params.id ?? '')) throw data(null, { status: 404 });
  const [queryClient, user] = await Promise.all([queryClientOf(context), currentUser()]);
  await queryClient.fetchQuery(orderDetail(id));
  return { id, isAdmin: (user as User | null)?.role === 'admin' };
}

function OrderLines({ order }: { order: AdminOrderDetail }) {
  return (
    <div className="bo-order__table-wrap">
      <table className="bo-order__lines">
        <caption>Productos del pedido {order.number}</caption>
        <thead>
          <tr>
            <th scope="col">Referencia</th>
            <th scope="col">Producto</th>
            <th scope="col" className="bo-order__num">
              Cantidad
            </th>
            <th scope="col" className="bo-order__num">
              Precio unidad
            </th>
            <th scope="col" className="bo-order__num">
              Importe
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.product_id}>
              <td data-label="Referencia" className="bo-order__ref">
                {line.reference}
              </td>
              <th scope="row" className="bo-order__product">
                {line.name}
                {line.format && !line.name.includes(line.format) ? (
                  <span className="bo-order__muted"> · {line.format}</span>
                ) : null}
              </th>
              <td data-label="Cantidad" className="bo-order__num">
                {line.quantity}
              </td>
              <td data-label="Precio unidad" className="bo-order__num">
                {formatEuros(eurosToCents(line.unit_price))}
              </td>
              <td data-label="Importe" className="bo-order__num">
                {formatEuros(eurosToCents(line.price))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OrderFacts({ order }: { order: AdminOrderDetail }) {
  const { pharmacy } = order;
  return (
    <dl className="bo-order__facts">
      <div>
        <dt>Fecha</dt>
        <dd>
          <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
        </dd>
      </div>
      <div>
        <dt>Farmacia</dt>
        <dd>
          <Link href={`/pharmacies/${pharmacy.id}`}>{pharmacy.name}</Link>
          <span className="bo-order__muted">
            {[pharmacy.city, `Código cliente ${pharmacy.erp_code}`, `CIF/NIF ${pharmacy.tax_id}`].join(' · ')}
          </span>
        </dd>
      </div>
      <OrderDestinationFacts order={order} />
      <div>
        <dt>Enviado por</dt>
        <dd>{order.sent_by?.username ?? 'Usuario eliminado'}</dd>
      </div>
      <div>
        <dt>Comercial</dt>
        <dd>{order.sales_rep?.name ?? 'Sin comercial'}</dd>
      </div>
      {order.notes ? (
        <div className="bo-order__notes">
          <dt>Observaciones</dt>
          <dd>{order.notes}</dd>
        </div>
      ) : null}
    </dl>
  );
}

export function Component() {
  const { id, isAdmin } = useLoaderData() as OrderData;
  const { data: answer } = useSuspenseQuery(orderDetail(id));
  const order = answer.data;
  const status = ORDER_STATUS[order.status];
  useDocumentTitle(`Pedido ${order.number}`);
  return (
    <article className="bo-order" aria-labelledby="order-title">
      <Link href={`/orders${lastListSearch()}`} variant="standalone" className="bo-order__back">
        Volver a los pedidos
      </Link>
      <header className="bo-order__header">
        <h1 id="order-title">Pedido {order.number}</h1>
        <Badge tone={status.tone}>{status.label}</Badge>
      </header>
      {isAdmin && order.next_statuses.length > 0 ? <StatusActions order={order} /> : null}
      <div className="bo-order__grid">
        <section className="bo-order__card" aria-labelledby="order-facts">
          <h2 id="order-facts">Datos del pedido</h2>
          <OrderFacts order={order} />
        </section>
        <section className="bo-order__card bo-order__card--history" aria-labelledby="order-history">
          <h2 id="order-history">Seguimiento</h2>
          <OrderHistory order={order} />
        </section>
        <section className="bo-order__card bo-order__card--wide" aria-labelledby="order-lines">
          <h2 id="order-lines">Productos</h2>
          <OrderLines order={order} />
          <OrderAmounts order={order} />
        </section>
      </div>
    </article>
  );
}
