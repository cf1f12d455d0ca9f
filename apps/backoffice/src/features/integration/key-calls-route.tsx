/**
 * /backoffice/integration/keys/:id: one API key's calls, newest first, 50 a page (`?page=` in the
 * address): when, what it called, the answer's status, how long it took and the request id that names
 * the call in the server's log. An unknown key is the 404 page.
 */
import type { AdminApiKey, AdminApiKeyCall } from '@botica/api-client/admin';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { formatCount, formatDateTime } from '@botica/domain';
import { Badge, DataTable, type DataTableColumn, Link, Pagination } from '@botica/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs, useNavigate, useParams, useSearchParams } from 'react-router';
import { IntegrationNav } from './integration-nav.tsx';
import { dayOfCalls, shownPrefix } from './key-texts.ts';
import { apiKeyCalls, apiKeyList } from './queries.ts';
import { KEYS_PATH } from './routes.ts';
import './integration.css';

/** The page an address asks for: 1 unless it names a later one. */
export function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 && page <= 100_000 ? page : 1;
}

const pageQuery = (page: number) => (page > 1 ? { page } : {});

// An unknown key's calls are the API's 404, which the route's error page shows.
export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const queryClient = await queryClientOf(context);
  const page = pageOf(new URL(request.url).searchParams);
  await Promise.all([
    queryClient.fetchQuery(apiKeyList()),
    queryClient.fetchQuery(apiKeyCalls(params.id ?? '', pageQuery(page))),
  ]);
  return null;
}

const COLUMNS: ReadonlyArray<DataTableColumn<AdminApiKeyCall>> = [
  {
    id: 'at',
    header: 'Fecha',
    value: (row) => row.at,
    render: (row) => formatDateTime(row.at),
    isRowHeader: true,
  },
  {
    id: 'call',
    header: 'Llamada',
    value: (row) => row.path,
    render: (row) => (
      <span className="bo-integration__call">
        <span className="bo-integration__method">{row.method}</span>{' '}
        <code className="bo-integration__path">{row.path}</code>
      </span>
    ),
  },
  {
    id: 'status',
    header: 'Respuesta',
    value: (row) => row.status,
    render: (row) => <Badge tone={row.status >= 400 ? 'danger' : 'success'}>{String(row.status)}</Badge>,
  },
  {
    id: 'duration',
    header: 'Duración',
    value: (row) => row.duration_ms,
    render: (row) => `${formatCount(row.duration_ms)} ms`,
  },
  {
    id: 'request',
    header: 'ID de la petición',
    value: (row) => row.request_id,
    render: (row) => <code className="bo-integration__request-id">{row.request_id}</code>,
  },
];

function KeySummary({ apiKey }: { apiKey: AdminApiKey }) {
  return (
    <p className="bo-integration__muted">
      {shownPrefix(apiKey)} · {apiKey.revoked_at === null ? 'Activa' : 'Revocada'} · Últimas 24 h:{' '}
      {dayOfCalls(apiKey)}. Horas peninsulares; las llamadas se guardan 90 días.
    </p>
  );
}

export function Component() {
  const id = useParams().id ?? '';
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const page = pageOf(params);
  const { data: keys } = useSuspenseQuery(apiKeyList());
  const { data: calls } = useSuspenseQuery(apiKeyCalls(id, pageQuery(page)));
  const apiKey = keys.data.find((key) => String(key.id) === id);
  const title = `Llamadas de «${apiKey?.name ?? id}»`;
  useDocumentTitle(title);
  return (
    <section className="bo-integration" aria-labelledby="calls-title">
      <IntegrationNav current={KEYS_PATH} />
      <p className="bo-integration__back">
        <Link href={KEYS_PATH}>Volver a las claves</Link>
      </p>
      <h1 id="calls-title">{title}</h1>
      {apiKey ? <KeySummary apiKey={apiKey} /> : null}
      <DataTable
        aria-label="Llamadas de la clave"
        columns={COLUMNS}
        rows={calls.data}
        emptyMessage="Esta clave todavía no ha hecho ninguna llamada."
      />
      {calls.meta.last_page > 1 ? (
        <Pagination
          page={calls.meta.current_page}
          pageCount={calls.meta.last_page}
          onPageChange={(next) => void navigate(next > 1 ? `?page=${next}` : '?')}
        />
      ) : null}
    </section>
  );
}
