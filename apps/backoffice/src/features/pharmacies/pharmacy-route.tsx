/**
 * /backoffice/pharmacies/:id: one pharmacy whole: its data, shops, commercial conditions, users,
 * latest orders, invoices and refunds. An admin changes its conditions and acts on its users from
 * here; a sales rep reads his own pharmacies' pages without any of those buttons (the server
 * answers him 403 for another rep's, which the page's error shows).
 */
import type {
  AdminPharmacyDetail,
  AdminPharmacyDocument,
  AdminPharmacyOrder,
} from '@botica/api-client/admin';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { eurosToCents, formatDate, formatDateTime, formatEuros } from '@botica/domain';
import { Badge, DataTable, type DataTableColumn, Link } from '@botica/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { type LoaderFunctionArgs, useParams } from 'react-router';
import { userAtom } from '../auth/session.ts';
import { ORDER_STATUS } from '../orders/order-status.ts';
import { PharmacyWholesalers } from '../wholesalers/pharmacy-wholesalers.tsx';
import { groupLabel, recargoLabel, repLabel } from './conditions.ts';
import { ConditionsButton } from './conditions-dialog.tsx';
import { discountGroupList, pharmacyDetail, salesRepList } from './queries.ts';
import { UserActions } from './user-actions.tsx';
import { orderedUsers, permissionsText, userFacts } from './users.ts';
import './pharmacies.css';

export async function loader({ context, params }: LoaderFunctionArgs) {
  const queryClient = await queryClientOf(context);
  // The lookups of 'Cambiar condiciones', ready by the time it is pressed (not waited for).
  void queryClient.prefetchQuery(salesRepList());
  void queryClient.prefetchQuery(discountGroupList());
  return queryClient.fetchQuery(pharmacyDetail(params.id ?? ''));
}

const ORDER_COLUMNS: ReadonlyArray<DataTableColumn<AdminPharmacyOrder>> = [
  {
    id: 'number',
    header: 'Pedido',
    value: (row) => row.number,
    render: (row) => (
      <Link href={`/orders/${row.id}`} variant="standalone">
        {row.number}
      </Link>
    ),
    isRowHeader: true,
  },
  {
    id: 'date',
    header: 'Fecha',
    value: (row) => row.created_at,
    render: (row) => formatDateTime(row.created_at),
  },
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

function documentColumns(kind: 'factura' | 'abono'): ReadonlyArray<DataTableColumn<AdminPharmacyDocument>> {
  return [
    { id: 'number', header: 'Número', value: (row) => row.number, isRowHeader: true },
    {
      id: 'date',
      header: 'Fecha',
      value: (row) => row.issued_at,
      render: (row) => formatDate(row.issued_at),
    },
    {
      id: 'total',
      header: 'Total',
      value: (row) => row.total_price,
      render: (row) => formatEuros(eurosToCents(row.total_price)),
      align: 'end',
    },
    {
      id: 'pdf',
      header: 'PDF',
      value: () => null,
      render: (row) => (
        // A file of the API, not a page of the back office: the browser's own download.
        <a
          className="bt-link bt-link--standalone"
          href={row.pdf_url}
          download
          aria-label={`Descargar PDF de la ${kind} ${row.number}`}
        >
          Descargar PDF
        </a>
      ),
    },
  ];
}

const INVOICE_COLUMNS = documentColumns('factura');
const REFUND_COLUMNS = documentColumns('abono');

function Facts({ children }: { children: ReactNode }) {
  return <dl className="bo-pharmacies__facts">{children}</dl>;
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="bo-pharmacies__section" aria-labelledby={id}>
      <div className="bo-pharmacies__section-head">
        <h2 id={id}>{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function Shops({ pharmacy }: { pharmacy: AdminPharmacyDetail }) {
  if (pharmacy.shops.length === 0)
    return <p className="bo-pharmacies__muted">No tiene tiendas registradas.</p>;
  return (
    <ul className="bo-pharmacies__cards">
      {pharmacy.shops.map((shop) => (
        <li key={shop.id} className="bo-pharmacies__card">
          <p className="bo-pharmacies__card-title">
            {shop.name} {shop.is_main ? <Badge tone="primary">Principal</Badge> : null}
          </p>
          <p>{shop.address}</p>
          <p>
            {shop.postal_code} {shop.city} ({shop.province})
          </p>
          <p>Tel. {shop.phone}</p>
        </li>
      ))}
    </ul>
  );
}

function Users({ pharmacy, isAdmin }: { pharmacy: AdminPharmacyDetail; isAdmin: boolean }) {
  return (
    <ul className="bo-pharmacies__cards">
      {orderedUsers(pharmacy.users).map((user) => (
        <li key={user.id} className="bo-pharmacies__card bo-pharmacies__user" aria-label={user.username}>
          <div>
            <p className="bo-pharmacies__card-title">{user.username}</p>
            <p>{user.name}</p>
            {user.email ? <p className="bo-pharmacies__muted">{user.email}</p> : null}
            <p className="bo-pharmacies__badges">
              {userFacts(user).map((fact) => (
                <Badge key={fact.label} tone={fact.tone}>
                  {fact.label}
                </Badge>
              ))}
            </p>
            <p className="bo-pharmacies__muted">{permissionsText(user)}</p>
          </div>
          {isAdmin ? <UserActions pharmacyId={String(pharmacy.id)} user={user} /> : null}
        </li>
      ))}
    </ul>
  );
}

export function Component() {
  const id = useParams().id ?? '';
  const { data } = useSuspenseQuery(pharmacyDetail(id));
  const pharmacy = data.data;
  useDocumentTitle(pharmacy.name);
  const isAdmin = useAtomValue(userAtom)?.role === 'admin';

  return (
    <article className="bo-pharmacies bo-pharmacies--detail" aria-labelledby="pharmacy-title">
      <p className="bo-pharmacies__back">
        <Link href="/pharmacies" variant="standalone">
          Volver a las farmacias
        </Link>
      </p>
      <h1 id="pharmacy-title">{pharmacy.name}</h1>
      <p className="bo-pharmacies__muted">
        {pharmacy.city} · Código ERP {pharmacy.erp_code}
      </p>

      <Section id="pharmacy-data" title="Datos">
        <Facts>
          <Fact term="CIF/NIF">{pharmacy.tax_id}</Fact>
          <Fact term="Código ERP">{pharmacy.erp_code}</Fact>
          <Fact term="Dirección">
            {pharmacy.address}, {pharmacy.postal_code} {pharmacy.city} ({pharmacy.province})
          </Fact>
          <Fact term="Teléfono">{pharmacy.phone}</Fact>
          <Fact term="Correo electrónico">{pharmacy.email}</Fact>
          <Fact term="Cliente desde">{formatDate(pharmacy.created_at)}</Fact>
        </Facts>
      </Section>

      <Section id="pharmacy-shops" title="Tiendas">
        <Shops pharmacy={pharmacy} />
      </Section>

      <PharmacyWholesalers pharmacy={pharmacy} isAdmin={isAdmin} />

      <Section
        id="pharmacy-conditions"
        title="Condiciones"
        action={isAdmin ? <ConditionsButton pharmacy={pharmacy} /> : null}
      >
        <Facts>
          <Fact term="Grupo de descuento">{groupLabel(pharmacy.discount_group)}</Fact>
          <Fact term="Comercial">{repLabel(pharmacy.sales_rep)}</Fact>
          <Fact term="Recargo de equivalencia">{recargoLabel(pharmacy.recargo_equivalencia)}</Fact>
        </Facts>
      </Section>

      <Section id="pharmacy-users" title="Usuarios">
        <Users pharmacy={pharmacy} isAdmin={isAdmin} />
      </Section>

      <Section
        id="pharmacy-orders"
        title="Pedidos"
        action={
          <Link href={`/orders?client_id=${pharmacy.id}`} variant="standalone">
            Ver todos sus pedidos
          </Link>
        }
      >
        <div className="bo-pharmacies__table">
          <DataTable
            aria-label={`Últimos pedidos de ${pharmacy.name}`}
            columns={ORDER_COLUMNS}
            rows={pharmacy.latest_orders}
            emptyMessage="Todavía no ha enviado ningún pedido."
          />
        </div>
      </Section>

      <Section id="pharmacy-documents" title="Facturas y abonos">
        <h3 className="bo-pharmacies__subtitle">Facturas</h3>
        <DataTable
          aria-label={`Facturas de ${pharmacy.name}`}
          columns={INVOICE_COLUMNS}
          rows={pharmacy.invoices}
          emptyMessage="No tiene facturas."
        />
        <h3 className="bo-pharmacies__subtitle">Abonos</h3>
        <DataTable
          aria-label={`Abonos de ${pharmacy.name}`}
          columns={REFUND_COLUMNS}
          rows={pharmacy.refunds}
          emptyMessage="No tiene abonos."
        />
      </Section>
    </article>
  );
}
