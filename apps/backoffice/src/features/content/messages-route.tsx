/**
 * /backoffice/messages: the laboratory's messages to the pharmacies, the latest to start first: where
 * each stands (scheduled, on the portal, over), its importance, to whom and how many users read it.
 * An admin writes a new one from here.
 */
import type { AdminMessage } from '@botica/api-client/admin';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import {
  formatCount,
  formatDateTime,
  LAB_MESSAGE_KIND_LABELS,
  LAB_MESSAGE_SEVERITY_LABELS,
} from '@botica/domain';
import {
  Badge,
  type BadgeTone,
  DataTable,
  type DataTableColumn,
  EmptyState,
  Link,
  labMessageTone,
} from '@botica/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { LoaderFunctionArgs } from 'react-router';
import { userAtom } from '../auth/session.ts';
import { messageState } from './message-form.ts';
import { messageList } from './queries.ts';
import './content.css';

export async function loader({ context }: LoaderFunctionArgs) {
  const queryClient = await queryClientOf(context);
  return queryClient.fetchQuery(messageList());
}

const STATE: Record<ReturnType<typeof messageState>, { label: string; tone: BadgeTone }> = {
  scheduled: { label: 'Programado', tone: 'info' },
  active: { label: 'Publicado', tone: 'success' },
  ended: { label: 'Finalizado', tone: 'neutral' },
};

function audience(message: AdminMessage): string {
  const named = message.clients.length;
  const others = message.other_clients_count;
  if (named === 0 && others === 0) return 'Todas las farmacias';
  const parts = [
    ...(named === 1 ? [message.clients[0]?.name ?? '1 farmacia'] : []),
    ...(named > 1 ? [`${formatCount(named)} farmacias`] : []),
    ...(others > 0
      ? [others === 1 ? '1 farmacia de otra zona' : `${formatCount(others)} farmacias de otras zonas`]
      : []),
  ];
  return parts.join(' y ');
}

function columns(now: Date): ReadonlyArray<DataTableColumn<AdminMessage>> {
  return [
    {
      id: 'title',
      header: 'Mensaje',
      value: (row) => row.title,
      render: (row) => (
        <span className="bo-content__stack">
          <Link href={`/messages/${row.id}`} variant="standalone">
            {row.title}
          </Link>
          <span className="bo-content__muted">{LAB_MESSAGE_KIND_LABELS[row.kind]}</span>
        </span>
      ),
      isRowHeader: true,
    },
    {
      id: 'state',
      header: 'Estado',
      value: (row) => messageState(row, now),
      render: (row) => {
        const state = STATE[messageState(row, now)];
        // Both badges in one column: the title keeps the room on a tablet.
        return (
          <span className="bo-content__badges">
            <Badge tone={labMessageTone(row.severity)}>{LAB_MESSAGE_SEVERITY_LABELS[row.severity]}</Badge>
            <Badge tone={state.tone}>{state.label}</Badge>
          </span>
        );
      },
    },
    {
      id: 'dates',
      header: 'Se muestra',
      value: (row) => row.starts_at,
      render: (row) => (
        <span className="bo-content__stack">
          <span>Desde {formatDateTime(row.starts_at)}</span>
          <span>Hasta {formatDateTime(row.ends_at)}</span>
        </span>
      ),
    },
    { id: 'audience', header: 'Destinatarios', value: audience },
    {
      id: 'reads',
      header: 'Leído por',
      value: (row) => row.reads_count,
      render: (row) => formatCount(row.reads_count),
    },
  ];
}

export function Component() {
  useDocumentTitle('Mensajes');
  const { data } = useSuspenseQuery(messageList());
  const user = useAtomValue(userAtom);
  const now = new Date();
  return (
    <section className="bo-content" aria-labelledby="messages-title">
      <div className="bo-content__head">
        <h1 id="messages-title">Mensajes</h1>
        {user?.role === 'admin' ? (
          <Link href="/messages/new" variant="primary">
            Nuevo mensaje
          </Link>
        ) : null}
      </div>
      <p className="bo-content__muted">
        Los avisos del laboratorio en la página de inicio del portal: cierres, cambios de precios, retiradas
        de lotes. Horas de Madrid.
      </p>
      {data.data.length === 0 ? (
        <EmptyState
          title="Todavía no hay mensajes"
          description="Los mensajes que publiques aparecerán aquí."
        />
      ) : (
        <div className="bo-content__table">
          <DataTable aria-label="Mensajes" columns={columns(now)} rows={data.data} />
        </div>
      )}
    </section>
  );
}
