/**
 * /backoffice/orders: every order (a sales rep's: his pharmacies'), newest first, fifty a page, with
 * its filters in the address (the back button and a link restore them) and the CSV of the same
 * filters. `?client_id=` (the pharmacies' screen links here) shows one pharmacy's orders under its name.
 */
import { isApiError } from '@botica/api-client';
import type { AdminOrderRow as OrderRow } from '@botica/api-client/admin';
import type { User } from '@botica/api-client/schemas';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { eurosToCents, formatCount, formatDate, formatEuros } from '@botica/domain';
import { Badge, DataTable, type DataTableColumn, EmptyState, Link, Pagination } from '@botica/ui';
import { useQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs, useLoaderData, useNavigate } from 'react-router';
import { currentUser } from '../auth/session.ts';
import { transferColumn } from '../wholesalers/order-destination.tsx';
import {
  filtersSearch,
  isFiltered,
  listQuery,
  NO_FILTERS,
  type OrderFilters,
  ordersQuery,
  readFilters,
  readPage,
} from './filters.ts';
import { rememberListSearch } from './list-search.ts';
import { ORDER_STATUS } from './order-status.ts';
import { OrdersFilterForm, type SalesRepOption } from './orders-filter-form.tsx';
import { exportHref, orderList, pharmacyDetail, salesRepList } from './queries.ts';
import './orders.css';

interface OrdersData {
  filters: OrderFilters;
  page: number;
  isAdmin: boolean;
  salesReps: SalesRepOption[];
  /** The name of the pharmacy a `client_id` link shows, when known. */
  pharmacyName: string | null;
}

/** A refusal or a missing pharmacy is the route's error page; any other failure, the table's. */
function isPageError(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || error.status === 403 || error.status === 404);
}

export async function loader({ context, request }: LoaderFunctionArgs): Promise<OrdersData> {
  const params = new URL(request.url).searchParams;
  const filters = readFilters(params);
  const page = readPage(params);
  const [queryClient, user] = await Promise.all([queryClientOf(context), currentUser()]);
  const isAdmin = (user as User | null)?.role === 'admin';
  const [, reps, pharmacy] = await Promise.all([
    queryClient.fetchQuery(orderList(listQuery(filters, page))).catch((error: unknown) => {
      if (isPageError(error)) throw error;
      return null;
    }),
    // The sales rep filter is an admin's: a sales rep sees only his own pharmacies anyway.
    isAdmin ? queryClient.fetchQuery(salesRepList()).catch(() => null) : null,
    filters.client_id
      ? queryClient.fetchQuery(pharmacyDetail(Number(filters.client_id))).catch(() => null)
      : null,
  ]);
  const salesReps = (reps?.data ?? []).map((rep) => ({ id: String(rep.id), label: rep.name }));
  return { filters, page, isAdmin, salesReps, pharmacyName: pharmacy?.data.name ?? null };
}

const COLUMNS: ReadonlyArray<DataTableColumn<OrderRow>> = [
  {
    id: 'number',
    header: 'Número',
    value: (row) => row.number,
    render: (row) => (
      <Link href={`/orders/${row.id}`} className="bo-orders__number">
        {row.number}
      </Link>
    ),
    isRowHeader: true,
  },
  {
    id: 'date',
    header: 'Fecha',
    value: (row) => row.created_at,
    render: (row) => formatDate(row.created_at),
  },
  { id: 'pharmacy', header: 'Farmacia', value: (row) => row.pharmacy.name },
  { id: 'city', header: 'Ciudad', value: (row) => row.pharmacy.city },
  { id: 'rep', header: 'Comercial', value: (row) => row.sales_rep?.name ?? 'Sin comercial' },
  transferColumn,
  {
    id: 'status',
    header: 'Estado',
    value: (row) => ORDER_STATUS[row.status].label,
    render: (row) => <Badge tone={ORDER_STATUS[row.status].tone}>{ORDER_STATUS[row.status].label}</Badge>,
  },
  {
    id: 'total',
    header: 'Total',
    value: (row) => row.total_price,
    render: (row) => formatEuros(eurosToCents(row.total_price)),
    align: 'end',
  },
];

/** 'N pedidos', the filters' share of them. */
function countText(total: number): string {
  return total === 1 ? '1 pedido' : `${formatCount(total)} pedidos`;
}

export function Component() {
  const { filters, page, isAdmin, salesReps, pharmacyName } = useLoaderData() as OrdersData;
  const navigate = useNavigate();
  const list = useQuery(orderList(listQuery(filters, page)));
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  // A pharmacy's own link names it (its orders carry its name too, should the pharmacy not answer).
  const pharmacy = filters.client_id ? (pharmacyName ?? rows[0]?.pharmacy.name ?? null) : null;
  const title = filters.client_id ? `Pedidos de ${pharmacy ?? 'la farmacia'}` : 'Pedidos';
  useDocumentTitle(title);

  rememberListSearch(filtersSearch(filters, page));
  const goTo = (next: OrderFilters, nextPage = 1) =>
    void navigate({ pathname: '/orders', search: filtersSearch(next, nextPage) });

  return (
    <section className="bo-orders" aria-labelledby="orders-title">
      <div className="bo-orders__heading">
        <h1 id="orders-title">{title}</h1>
        {filters.client_id ? (
          <Link href="/orders" variant="standalone">
            Ver todos los pedidos
          </Link>
        ) : null}
      </div>
      <OrdersFilterForm
        key={filtersSearch(filters)}
        filters={filters}
        salesReps={isAdmin ? salesReps : null}
        onFilter={(next) => goTo(next)}
        onClear={() => goTo({ ...NO_FILTERS, client_id: filters.client_id })}
      />
      <div className="bo-orders__summary">
        <p className="bo-orders__count" role="status">
          {meta ? countText(meta.total) : list.isPending ? 'Cargando pedidos…' : ''}
        </p>
        <Link
          href={exportHref(ordersQuery(filters))}
          download
          variant="secondary"
          aria-label={`Exportar CSV de ${meta ? countText(meta.total) : 'los pedidos'}`}
        >
          Exportar CSV
        </Link>
      </div>
      {list.isError ? (
        <DataTable
          aria-label="Pedidos"
          columns={COLUMNS}
          rows={[]}
          error="No se han podido cargar los pedidos. Inténtalo de nuevo en unos minutos."
          onRetry={() => void list.refetch()}
        />
      ) : meta && rows.length === 0 ? (
        <EmptyState
          title={isFiltered(filters) ? 'Ningún pedido con estos filtros' : 'Todavía no hay pedidos'}
          description={
            isFiltered(filters)
              ? 'Prueba con otras fechas, otro estado u otro importe, o quita los filtros.'
              : 'Los pedidos que envíen las farmacias desde el portal aparecerán aquí.'
          }
          headingLevel={2}
        />
      ) : (
        <DataTable aria-label="Pedidos" columns={COLUMNS} rows={rows} isLoading={list.isPending} />
      )}
      {meta && meta.last_page > 1 ? (
        <Pagination
          page={meta.current_page}
          pageCount={meta.last_page}
          onPageChange={(next) => goTo(filters, next)}
          aria-label="Páginas de pedidos"
        />
      ) : null}
    </section>
  );
}
