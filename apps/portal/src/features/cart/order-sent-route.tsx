/**
 * /pedido-enviado: the confirmation after sending an order, with its summary. The order comes in the
 * navigation state; after a reload it is read back from the client's orders (`?pedido={id}`).
 */
import type { Order, User } from '@botica/api-client/schemas';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { eurosToCents, formatDateTime, formatEuros } from '@botica/domain';
import { Link } from '@botica/ui';
import { type LoaderFunctionArgs, redirect, useLoaderData } from 'react-router';
import { orderListQuery } from '../account/queries.ts';
import { currentUser } from '../auth/session.ts';
import { OrderDestinationFacts } from './order-destination.tsx';
import './order-sent.css';

export async function loader({ request, context }: LoaderFunctionArgs): Promise<Order> {
  const state = window.history.state as { usr?: { order?: Order } } | null;
  const id = Number(new URL(request.url).searchParams.get('pedido'));
  if (state?.usr?.order && state.usr.order.id === id) return state.usr.order;
  const user = (await currentUser()) as User;
  const queryClient = await queryClientOf(context);
  const latest = await queryClient.fetchQuery(
    orderListQuery(user.client?.id ?? 0, { page: 1, per_page: 10 }),
  );
  const order = latest.data.find((candidate) => candidate.id === id);
  if (order === undefined) throw redirect('/');
  return order;
}

export function Component() {
  const order = useLoaderData() as Order;
  useDocumentTitle('Pedido enviado');
  const units = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  const sumCents = (lines: readonly { amount: number }[]) =>
    lines.reduce((sum, line) => sum + eurosToCents(line.amount), 0);
  // `price_tax` is every tax; the VAT and the recargo de equivalencia show apart.
  const surchargeCents = sumCents(order.surcharges);
  const vatCents = eurosToCents(order.price_tax) - surchargeCents;
  return (
    <div className="order-sent">
      <section className="order-sent__card" aria-labelledby="order-sent-title">
        <svg className="order-sent__icon" viewBox="0 0 48 48" aria-hidden="true">
          <circle cx="24" cy="24" r="22" />
          <path d="M14 25l7 7 13-15" />
        </svg>
        <h1 id="order-sent-title" className="order-sent__title">
          ¡Pedido enviado!
        </h1>
        <p className="order-sent__lead">
          Hemos recibido tu pedido <strong>{order.number}</strong>.{' '}
          {order.transfer === null
            ? 'Te avisaremos cuando salga de nuestro almacén.'
            : `Lo pasaremos como transfer a ${order.transfer.name}, que te lo servirá con su reparto.`}
        </p>
        <dl className="order-sent__facts">
          <div>
            <dt>Fecha</dt>
            <dd>{formatDateTime(order.created_at)}</dd>
          </div>
          <div>
            <dt>Productos</dt>
            <dd>
              {order.lines.length} {order.lines.length === 1 ? 'referencia' : 'referencias'}, {units}{' '}
              {units === 1 ? 'unidad' : 'unidades'}
            </dd>
          </div>
          <OrderDestinationFacts order={order} />
          <div>
            <dt>Base imponible</dt>
            <dd className="order-sent__amount">
              {formatEuros(eurosToCents(order.price) - eurosToCents(order.price_discount_line))}
            </dd>
          </div>
          <div>
            <dt>IVA</dt>
            <dd className="order-sent__amount">{formatEuros(vatCents)}</dd>
          </div>
          {order.recargo_equivalencia ? (
            <div>
              <dt>Recargo de equivalencia</dt>
              <dd className="order-sent__amount">{formatEuros(surchargeCents)}</dd>
            </div>
          ) : null}
          <div className="order-sent__total">
            <dt>Total</dt>
            <dd className="order-sent__amount">{formatEuros(eurosToCents(order.total_price))}</dd>
          </div>
        </dl>
        <div className="order-sent__actions">
          <Link href="/catalog" variant="primary">
            Seguir comprando
          </Link>
          <Link href="/" variant="secondary">
            Volver al inicio
          </Link>
        </div>
      </section>
    </div>
  );
}
