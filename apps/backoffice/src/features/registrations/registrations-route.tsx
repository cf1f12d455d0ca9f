/**
 * /backoffice/registrations: the pharmacies' pending registration requests, newest first, with the
 * check of each CIF/NIF and the pharmacy that already has it; each approved or rejected in its row.
 * Admins only: the server answers a sales rep 403, which the page's error shows inside the layout.
 */
import type { Registration } from '@botica/api-client/admin';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { formatDate } from '@botica/domain';
import { Badge, DataTable, type DataTableColumn } from '@botica/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { DecisionActions } from './decision-actions.tsx';
import { registrationList } from './queries.ts';
import { taxIdCheck } from './tax-id-check.ts';
import './registrations.css';

const PENDING = { status: 'pending' } as const;

export async function loader({ context }: LoaderFunctionArgs) {
  const queryClient = await queryClientOf(context);
  return queryClient.fetchQuery(registrationList(PENDING));
}

const COLUMNS: ReadonlyArray<DataTableColumn<Registration>> = [
  {
    id: 'applicant',
    header: 'Solicitante',
    value: (row) => row.username,
    render: (row) => (
      <span className="bo-registrations__applicant">
        <span>{row.username}</span>
        <span className="bo-registrations__muted">{row.email}</span>
      </span>
    ),
    isSortable: true,
    isRowHeader: true,
  },
  {
    id: 'pharmacy',
    header: 'Farmacia',
    value: (row) => row.pharmacy_name,
    render: (row) => (
      <span className="bo-registrations__applicant">
        <span>{row.pharmacy_name}</span>
        {row.matching_client ? (
          <span className="bo-registrations__muted">Ya es cliente: {row.matching_client.name}</span>
        ) : null}
      </span>
    ),
    isSortable: true,
  },
  {
    id: 'tax-id',
    header: 'CIF/NIF',
    value: (row) => taxIdCheck(row).taxId,
    render: (row) => {
      const check = taxIdCheck(row);
      return (
        <span className="bo-registrations__tax-id">
          <span>{check.taxId}</span>
          <Badge tone={check.isValid ? 'success' : 'danger'}>{check.label}</Badge>
        </span>
      );
    },
  },
  {
    id: 'date',
    header: 'Fecha',
    value: (row) => row.created_at,
    render: (row) => formatDate(row.created_at),
    isSortable: true,
  },
  {
    id: 'actions',
    header: 'Decisión',
    value: () => null,
    render: (row) => <DecisionActions request={row} />,
  },
];

export function Component() {
  useDocumentTitle('Solicitudes de alta');
  const { data } = useSuspenseQuery(registrationList(PENDING));
  return (
    <section className="bo-registrations" aria-labelledby="registrations-title">
      <h1 id="registrations-title">Solicitudes de alta</h1>
      <p className="bo-registrations__muted">
        Las farmacias que han pedido el alta en el portal y esperan una respuesta.
      </p>
      <DataTable
        aria-label="Solicitudes de alta pendientes"
        columns={COLUMNS}
        rows={data.data}
        defaultSortDescriptor={{ column: 'date', direction: 'descending' }}
        emptyMessage="No hay solicitudes pendientes."
      />
    </section>
  );
}
