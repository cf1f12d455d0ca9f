/**
 * /account/orders — PEDIDOS WEB: the pharmacy's web orders, newest first, ten a page, filtered by a
 * range of days and a status (all in the address: `?desde=&hasta=&estado=&page=`). An order opens
 * in place with its lines, amounts and one timeline (sent, shipped, delivered, invoiced, refunded);
 * 'Volver a pedir' puts its lines back in the cart through the server, whose answer is the cart.
 * `?pedido={id}` opens that order (the links of ENVIOS and MIS FACTURAS).
 */
import { isApiError } from '@botica/api-client';
import type { Order, OrderDetail, OrdersResponse, ReorderResponse, User } from '@botica/api-client/schemas';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { eurosToCents, formatDateTime, formatEuros } from '@botica/domain';
import { Badge, Button, EmptyState, Link, NativeSelect, Pagination } from '@botica/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useEffect, useId, useState } from 'react';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { reportCallError } from '../../../shared/errors.ts';
import { currentUser } from '../../auth/session.ts';
import { reorderAtom } from '../../cart/cart.atoms.ts';
import { OrderDestinationFacts } from '../../cart/order-destination.tsx';
import {
  AmountsSummary,
  DocumentNumber,
  ORDER_STATUS,
  OrderTimeline,
  pageParam,
  productsAndUnits,
  units,
} from '../documents/documents-view.tsx';
import {
  DateRangeFields,
  dayParam,
  FilterActions,
  isRangeWrong,
  RangeMessage,
  rangeQuery,
  useFilterNavigation,
} from '../documents/filters.tsx';
import { orderListQuery, orderQuery } from '../queries.ts';

type Status = Order['status'];
const STATUSES = Object.keys(ORDER_STATUS) as Status[];

interface OrdersData {
  orders: OrdersResponse;
  filters: { from: string; to: string; status: Status | '' };
  /** The order `?pedido=` asks to open. */
  opened: OrderDetail | null;
}

export async function loader({ context, request }: LoaderFunctionArgs): Promise<OrdersData> {
  const params = new URL(request.url).searchParams;
  const from = dayParam(params, 'desde');
  const to = dayParam(params, 'hasta');
  const status = STATUSES.find((candidate) => candidate === params.get('estado')) ?? '';
  const [queryClient, user] = await Promise.all([queryClientOf(context), currentUser()]);
  const clientId = (user as User).client?.id ?? 0;
  const orderId = Number(params.get('pedido'));
  const [orders, opened] = await Promise.all([
    queryClient.fetchQuery(
      orderListQuery(clientId, {
        page: pageParam(params),
        ...rangeQuery(from, to),
        ...(status ? { status } : {}),
      }),
    ),
    Number.isInteger(orderId) && orderId > 0
      ? queryClient.fetchQuery(orderQuery(clientId, orderId)).catch(() => null)
      : null,
  ]);
  return { orders, filters: { from, to, status }, opened };
}

function OrderLines({ detail }: { detail: OrderDetail }) {
  return (
    // On a phone each line stacks (its name, then quantity, price and amount, each labelled): every
    // figure whole, nothing scrolled out of sight. The table element itself keeps its display.
    <section className="documents__lines" aria-label={`Productos del pedido ${detail.number}`}>
      <table className="documents__table documents__table--stacking">
        <caption className="documents__sr">Productos del pedido {detail.number}</caption>
        <thead>
          <tr>
            <th scope="col">Producto</th>
            <th scope="col" className="documents__num">
              Cantidad
            </th>
            <th scope="col" className="documents__num">
              Precio
            </th>
            <th scope="col" className="documents__num">
              Importe
            </th>
          </tr>
        </thead>
        <tbody>
          {detail.lines.map((line) => (
            <tr key={line.product_id}>
              <th scope="row" className="documents__line-name">
                <span className="documents__ref">{line.reference}</span> {line.name}
              </th>
              <td className="documents__num" data-label="Cantidad">
                {line.quantity}
              </td>
              <td className="documents__num" data-label="Precio">
                {formatEuros(eurosToCents(line.unit_price))}
              </td>
              <td className="documents__num" data-label="Importe">
                {formatEuros(eurosToCents(line.price))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function ReorderResult({ result }: { result: ReorderResponse }) {
  return (
    <div className="documents__notice" role="status">
      <p>
        Hemos añadido los productos a tu pedido: ahora tiene {result.data.items.length}{' '}
        {result.data.items.length === 1 ? 'producto' : 'productos'}.{' '}
        <Link href="/cart" variant="inline">
          Ver mi pedido
        </Link>
      </p>
      {result.skipped.length > 0 ? (
        <>
          <p>Estos productos ya no están disponibles y no se han añadido:</p>
          <ul>
            {result.skipped.map((line) => (
              <li key={line.product_id}>
                {line.reference} {line.name} ({units(line.quantity)})
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {result.adjusted.length > 0 ? (
        <ul>
          {result.adjusted.map((line) => (
            <li key={line.product_id}>
              {line.name}: se ha ajustado a {units(line.quantity)}, el máximo por producto.
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function OrderCard({ order, initial }: { order: Order; initial: OrderDetail | null }) {
  const [detail, setDetail] = useState<OrderDetail | null>(initial);
  const [isOpen, setOpen] = useState(initial !== null);
  const [isLoading, setLoading] = useState(false);
  const [isReordering, setReordering] = useState(false);
  const [result, setResult] = useState<ReorderResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const reorderIntoCart = useSetAtom(reorderAtom);
  const queryClient = useQueryClient();
  const panelId = useId();
  const status = ORDER_STATUS[order.status];

  async function toggle() {
    if (isOpen) return setOpen(false);
    setOpen(true);
    if (detail) return;
    setLoading(true);
    try {
      setDetail(await queryClient.fetchQuery(orderQuery(order.client_id, order.id)));
    } catch (error) {
      reportCallError(error);
      setOpen(false);
    } finally {
      setLoading(false);
    }
  }

  async function reorder() {
    setReordering(true);
    setFailure(null);
    setResult(null);
    try {
      // The server adds to the cart it holds (every quantity changed on screen first) and answers with it.
      setResult(await reorderIntoCart(order.client_id, order.id));
    } catch (error) {
      if (isApiError(error) && (error.status === 406 || error.status === 422 || error.status === 409)) {
        setFailure(error.message);
      } else if (!reportCallError(error)) {
        setFailure(error instanceof Error ? error.message : 'No se ha podido volver a pedir.');
      }
    } finally {
      setReordering(false);
    }
  }

  return (
    <li className="documents__card" id={`pedido-${order.id}`}>
      <div className="documents__card-head">
        <h2 className="documents__card-title">
          Pedido <DocumentNumber>{order.number}</DocumentNumber>
        </h2>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <dl className="documents__facts">
        <div>
          <dt>Fecha</dt>
          <dd>{formatDateTime(order.created_at)}</dd>
        </div>
        <div>
          <dt>Productos</dt>
          <dd>{productsAndUnits(order.lines)}</dd>
        </div>
        <OrderDestinationFacts order={order} />
        <div>
          <dt>Total</dt>
          <dd className="documents__money">{formatEuros(eurosToCents(order.total_price))}</dd>
        </div>
      </dl>
      <div className="documents__actions">
        <Button variant="secondary" size="sm" onPress={toggle} aria-expanded={isOpen} aria-controls={panelId}>
          {isOpen ? 'Ocultar detalle' : 'Ver detalle'}
        </Button>
        <Button variant="primary" size="sm" onPress={reorder} isPending={isReordering}>
          Volver a pedir
        </Button>
      </div>
      {result ? <ReorderResult result={result} /> : null}
      {failure ? (
        <p className="documents__notice documents__notice--danger" role="alert">
          {failure}
        </p>
      ) : null}
      <div id={panelId} hidden={!isOpen} className="documents__detail">
        {isLoading ? <p>Cargando el detalle…</p> : null}
        {detail ? (
          <>
            <OrderLines detail={detail} />
            <div className="documents__detail-grid">
              <section aria-label="Importes">
                <h3 className="documents__subtitle">Importes</h3>
                <AmountsSummary document={detail} />
              </section>
              <section aria-label="Seguimiento">
                <h3 className="documents__subtitle">Seguimiento</h3>
                <OrderTimeline detail={detail} />
              </section>
            </div>
          </>
        ) : null}
      </div>
    </li>
  );
}

export function Component() {
  const { orders, filters, opened } = useLoaderData() as OrdersData;
  const go = useFilterNavigation();
  const [from, setFrom] = useState(filters.from);
  const [to, setTo] = useState(filters.to);
  const [status, setStatus] = useState<Status | ''>(filters.status);
  useDocumentTitle('Pedidos web');
  useEffect(() => {
    setFrom(filters.from);
    setTo(filters.to);
    setStatus(filters.status);
  }, [filters]);

  const list =
    opened && !orders.data.some((order) => order.id === opened.id) ? [opened, ...orders.data] : orders.data;

  return (
    <div className="documents">
      <h1 className="documents__title">Pedidos web</h1>
      <form
        className="documents__filters"
        aria-label="Filtrar pedidos"
        onSubmit={(event) => {
          event.preventDefault();
          if (!isRangeWrong(from, to)) go({ desde: from, hasta: to, estado: status, page: '' });
        }}
      >
        <DateRangeFields
          from={from}
          to={to}
          onFromChange={setFrom}
          onToChange={setTo}
          errorId="orders-range-error"
        />
        <NativeSelect
          label="Estado"
          value={status}
          onChange={(value) => setStatus(value as Status | '')}
          options={[
            { id: '', label: 'Todos' },
            ...STATUSES.map((id) => ({ id, label: ORDER_STATUS[id].label })),
          ]}
        />
        <FilterActions
          isFiltered={Boolean(filters.from || filters.to || filters.status)}
          onClear={() => go({ desde: '', hasta: '', estado: '', page: '' })}
        />
        <RangeMessage from={from} to={to} errorId="orders-range-error" />
      </form>
      <p className="documents__count" aria-live="polite">
        {orders.meta.total === 1 ? '1 pedido' : `${orders.meta.total} pedidos`}
      </p>
      {list.length === 0 ? (
        <EmptyState title="No hay pedidos" description={<p>No hay pedidos web con estos filtros.</p>} />
      ) : (
        <ul className="documents__list">
          {list.map((order) => (
            <OrderCard key={order.id} order={order} initial={opened?.id === order.id ? opened : null} />
          ))}
        </ul>
      )}
      {orders.meta.last_page > 1 ? (
        <Pagination
          page={orders.meta.current_page}
          pageCount={orders.meta.last_page}
          onPageChange={(page) => go({ page: String(page) })}
          aria-label="Páginas de pedidos"
        />
      ) : null}
    </div>
  );
}
