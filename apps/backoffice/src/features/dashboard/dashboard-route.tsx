/**
 * /backoffice/: the staff member's home. The order figures of today and this month beside yesterday
 * and the previous month, what waits for the laboratory (registration requests, e-mail that did not
 * leave: admins only), the pharmacies near their monthly cap, and two charts with their tables. A
 * sales rep's figures are his zone's; the server leaves the admins' blocks out of his answer.
 */
import type { DashboardResponse, OrderFigure, OutboxProblem } from '@botica/api-client/admin';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { eurosToCents, formatCount, formatDateTime, formatEuros } from '@botica/domain';
import { Badge, DataTable, type DataTableColumn, Link } from '@botica/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { type Comparison, compareFigures } from './comparison.ts';
import { DailyOrdersChart } from './daily-orders-chart.tsx';
import { dashboardQuery } from './queries.ts';
import { SalesRepChart } from './sales-rep-chart.tsx';
import './dashboard.css';

export async function loader({ context }: LoaderFunctionArgs) {
  const queryClient = await queryClientOf(context);
  return queryClient.fetchQuery(dashboardQuery());
}

const DAY = { relative: 'respecto a ayer', period: 'ayer a esta hora' };
const MONTH = { relative: 'respecto al mes anterior', period: 'el mes anterior hasta hoy' };

const ARROWS: Record<Comparison['trend'], string> = { up: '▲', down: '▼', same: '=' };

function Trend({ comparison }: { comparison: Comparison }) {
  return (
    <p className={`bo-figure__trend bo-figure__trend--${comparison.trend}`}>
      <span aria-hidden="true" className="bo-figure__arrow">
        {ARROWS[comparison.trend]}
      </span>{' '}
      {comparison.text}
    </p>
  );
}

interface FigureCardProps {
  title: string;
  value: string;
  detail: string;
  comparison: Comparison;
  testId: string;
}

function FigureCard({ title, value, detail, comparison, testId }: FigureCardProps) {
  return (
    <article className="bo-figure" data-testid={testId}>
      <h2 className="bo-figure__title">{title}</h2>
      <p className="bo-figure__value">{value}</p>
      <p className="bo-figure__detail">{detail}</p>
      <Trend comparison={comparison} />
    </article>
  );
}

const euros = (figure: OrderFigure) => formatEuros(eurosToCents(figure.amount));
const orderCount = (count: number) => `${formatCount(count)} ${count === 1 ? 'pedido' : 'pedidos'}`;

function OrderFigures({ orders }: { orders: DashboardResponse['orders'] }) {
  return (
    <section className="bo-dashboard__figures" aria-label="Pedidos">
      <FigureCard
        testId="figure-today"
        title="Pedidos de hoy"
        value={formatCount(orders.today.count)}
        detail={`${euros(orders.today)} · ayer a esta hora: ${orderCount(orders.yesterday.count)}`}
        comparison={compareFigures(orders.today.count, orders.yesterday.count, DAY)}
      />
      <FigureCard
        testId="figure-today-amount"
        title="Importe de hoy"
        value={euros(orders.today)}
        detail={`Ayer a esta hora: ${euros(orders.yesterday)}`}
        comparison={compareFigures(orders.today.amount, orders.yesterday.amount, DAY)}
      />
      <FigureCard
        testId="figure-month"
        title="Pedidos del mes"
        value={formatCount(orders.month.count)}
        detail={`${euros(orders.month)} · mes anterior hasta hoy: ${orderCount(orders.previous_month.count)}`}
        comparison={compareFigures(orders.month.count, orders.previous_month.count, MONTH)}
      />
      <FigureCard
        testId="figure-month-amount"
        title="Importe del mes"
        value={euros(orders.month)}
        detail={`Mes anterior hasta hoy: ${euros(orders.previous_month)}`}
        comparison={compareFigures(orders.month.amount, orders.previous_month.amount, MONTH)}
      />
    </section>
  );
}

function PendingRegistrations({ count }: { count: number }) {
  return (
    <section className="bo-panel" aria-labelledby="pending-title" data-testid="pending-registrations">
      <h2 id="pending-title" className="bo-panel__title">
        Solicitudes de alta pendientes
      </h2>
      <p className="bo-panel__figure">{formatCount(count)}</p>
      <p>
        {count === 0
          ? 'No hay solicitudes esperando respuesta.'
          : `${count === 1 ? 'Una farmacia espera' : `${formatCount(count)} farmacias esperan`} una respuesta.`}
      </p>
      <Link href="/registrations">Ver las solicitudes de alta</Link>
    </section>
  );
}

const MAIL_COLUMNS: ReadonlyArray<DataTableColumn<OutboxProblem>> = [
  { id: 'to', header: 'Destinatario', value: (row) => row.to, isRowHeader: true },
  { id: 'subject', header: 'Asunto', value: (row) => row.subject },
  { id: 'attempts', header: 'Intentos', value: (row) => row.attempts, align: 'end' },
  { id: 'error', header: 'Último error', value: (row) => row.last_error ?? '—' },
  {
    id: 'created',
    header: 'Creado',
    value: (row) => row.created_at,
    render: (row) => formatDateTime(row.created_at),
  },
];

function MailProblems({ outbox }: { outbox: NonNullable<DashboardResponse['outbox']> }) {
  const groups = [
    { key: 'failed', title: 'No enviados (abandonados)', list: outbox.failed },
    { key: 'stuck', title: 'Atascados (pendientes más de 15 minutos)', list: outbox.stuck },
  ] as const;
  return (
    <section className="bo-panel bo-panel--wide" aria-labelledby="mail-title" data-testid="mail-problems">
      <h2 id="mail-title" className="bo-panel__title">
        Correo sin entregar
      </h2>
      {groups.map((group) => (
        <div key={group.key} className="bo-panel__group">
          <h3 className="bo-panel__subtitle">
            {group.title}:{' '}
            <Badge tone={group.list.count > 0 ? 'danger' : 'success'}>{formatCount(group.list.count)}</Badge>
          </h3>
          {group.list.count > 0 ? (
            <DataTable
              aria-label={`Correo ${group.key === 'failed' ? 'no enviado' : 'atascado'}: los más recientes`}
              columns={MAIL_COLUMNS}
              rows={group.list.latest}
            />
          ) : (
            <p className="bo-panel__muted">Ninguno.</p>
          )}
        </div>
      ))}
    </section>
  );
}

type NearCapRow = DashboardResponse['near_cap']['clients'][number];

const NEAR_CAP_COLUMNS: ReadonlyArray<DataTableColumn<NearCapRow>> = [
  {
    id: 'name',
    header: 'Farmacia',
    value: (row) => row.name,
    render: (row) => <Link href={`/pharmacies/${row.id}`}>{row.name}</Link>,
    isRowHeader: true,
  },
  { id: 'code', header: 'Código', value: (row) => row.code },
  {
    id: 'amount',
    header: 'Pedido este mes',
    value: (row) => row.amount,
    render: (row) => formatEuros(eurosToCents(row.amount)),
    align: 'end',
  },
  {
    id: 'cap',
    header: 'Límite',
    value: (row) => row.cap,
    render: (row) => formatEuros(eurosToCents(row.cap)),
    align: 'end',
  },
  {
    id: 'percent',
    header: '% del límite',
    value: (row) => row.percent,
    render: (row) => `${row.percent} %`,
    align: 'end',
  },
];

function NearCap({ nearCap }: { nearCap: DashboardResponse['near_cap'] }) {
  return (
    <section className="bo-panel bo-panel--wide" aria-labelledby="near-cap-title" data-testid="near-cap">
      <h2 id="near-cap-title" className="bo-panel__title">
        Farmacias cerca del límite mensual
      </h2>
      <p className="bo-panel__muted">
        Las que este mes llegan al {nearCap.threshold_percent} % del límite de compra mensual (
        {formatEuros(eurosToCents(nearCap.cap))}) o más.
      </p>
      <DataTable
        aria-label="Farmacias cerca del límite mensual"
        columns={NEAR_CAP_COLUMNS}
        rows={nearCap.clients}
        emptyMessage="Ninguna farmacia llega todavía a ese punto este mes."
      />
    </section>
  );
}

export function Component() {
  useDocumentTitle('Panel');
  const { data } = useSuspenseQuery(dashboardQuery());
  const isZone = data.scope === 'sales_rep';
  return (
    <section className="bo-dashboard" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">Panel</h1>
      <p className="bo-dashboard__intro">
        {isZone ? 'Las cifras de las farmacias de tu zona.' : 'Las cifras de todas las farmacias.'} Datos a
        las {formatDateTime(data.generated_at).slice(11)} (hora de Madrid).
      </p>
      <OrderFigures orders={data.orders} />
      <div className="bo-dashboard__panels">
        {data.pending_registrations !== null ? (
          <PendingRegistrations count={data.pending_registrations} />
        ) : null}
        {data.outbox !== null ? <MailProblems outbox={data.outbox} /> : null}
        <NearCap nearCap={data.near_cap} />
      </div>
      <div className="bo-dashboard__charts">
        <DailyOrdersChart days={data.orders_per_day} />
        <SalesRepChart reps={data.sales_reps} />
      </div>
    </section>
  );
}
