/**
 * /backoffice/registrations: the pharmacies' pending registration requests, newest first, with the
 * check of each CIF/NIF and the pharmacy that already has it; each approved or rejected in its row.
 * Admins only: the server answers a sales rep 403, which the page's error shows inside the layout.
 * `?request=<id>` (the sales administration's e-mail links it) scrolls to that request, highlights it
 * and gives it the focus, so a screen reader reads it first.
 */
import type { Registration } from '@botica/api-client/admin';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { formatDate } from '@botica/domain';
import { Badge, DataTable, type DataTableColumn } from '@botica/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { DecisionActions } from './decision-actions.tsx';
import { linkedRequestId } from './linked-request.ts';
import { registrationList } from './queries.ts';
import { taxIdCheck } from './tax-id-check.ts';
import './registrations.css';

const PENDING = { status: 'pending' } as const;

export async function loader({ context }: LoaderFunctionArgs) {
  const queryClient = await queryClientOf(context);
  return queryClient.fetchQuery(registrationList(PENDING));
}

/** The applicant's cell; the linked request's takes the focus (its row and card are highlighted by CSS). */
function Applicant({ row, isLinked }: { row: Registration; isLinked: boolean }) {
  if (!isLinked)
    return (
      <span className="bo-registrations__applicant">
        <span>{row.username}</span>
        <span className="bo-registrations__muted">{row.email}</span>
      </span>
    );
  return (
    <span className="bo-registrations__applicant bo-registrations__linked" data-linked-request tabIndex={-1}>
      <Badge tone="info">Solicitud n.º {row.id}, enlazada desde el correo</Badge>
      <span>{row.username}</span>
      <span className="bo-registrations__muted">{row.email}</span>
    </span>
  );
}

/** Gives the linked request's visible row (the table's or the card's, by the width) the focus. */
function useFocusLinked(linked: number | null): void {
  useEffect(() => {
    if (linked === null) return;
    // After the page's own focus on its heading (the navigation's).
    const frame = requestAnimationFrame(() => {
      const target = [...document.querySelectorAll<HTMLElement>('[data-linked-request]')].find(
        (element) => element.getClientRects().length > 0,
      );
      // In the table, its row (the grid moves the focus off anything inside a row's cell); in the
      // cards of a narrow screen, the cell itself.
      const focusable = target?.closest<HTMLElement>('[role="row"]') ?? target;
      focusable?.focus({ preventScroll: true });
      target?.scrollIntoView({ block: 'center' });
    });
    return () => cancelAnimationFrame(frame);
  }, [linked]);
}

const columns = (linked: number | null): ReadonlyArray<DataTableColumn<Registration>> => [
  {
    id: 'applicant',
    header: 'Solicitante',
    value: (row) => row.username,
    render: (row) => <Applicant row={row} isLinked={row.id === linked} />,
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
  const [params] = useSearchParams();
  const asked = linkedRequestId(params.get('request'));
  const linked = asked !== null && data.data.some((row) => row.id === asked) ? asked : null;
  const tableColumns = useMemo(() => columns(linked), [linked]);
  useFocusLinked(linked);
  return (
    <section className="bo-registrations" aria-labelledby="registrations-title">
      <h1 id="registrations-title">Solicitudes de alta</h1>
      <p className="bo-registrations__muted">
        Las farmacias que han pedido el alta en el portal y esperan una respuesta.
      </p>
      {asked !== null && linked === null ? (
        <p className="bo-registrations__notice" role="status">
          La solicitud n.º {asked} ya no está pendiente: otra persona la ha resuelto, o no existe.
        </p>
      ) : null}
      <DataTable
        aria-label="Solicitudes de alta pendientes"
        columns={tableColumns}
        rows={data.data}
        defaultSortDescriptor={{ column: 'date', direction: 'descending' }}
        emptyMessage="No hay solicitudes pendientes."
      />
    </section>
  );
}
