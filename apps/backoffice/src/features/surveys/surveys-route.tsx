/**
 * /backoffice/surveys: the laboratory's 'Te escuchamos' surveys, the latest to open first, with their
 * status, dates, questions and responses (a sales rep counts his pharmacies'), narrowed by status in
 * the address (`?status=open`). An admin creates and edits them; every staff member reads results.
 */
import {
  ADMIN_SURVEY_STATUS_LABELS,
  type AdminSurveyStatus,
  AdminSurveyStatusSchema,
  type AdminSurveySummary,
} from '@botica/api-client/admin';
import type { User } from '@botica/api-client/schemas';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { formatCount, formatDateTime } from '@botica/domain';
import { Badge, DataTable, type DataTableColumn, EmptyState, Link, NativeSelect } from '@botica/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs, useLoaderData, useSearchParams } from 'react-router';
import { currentUser } from '../auth/session.ts';
import { surveyList } from './queries.ts';
import { surveyStatus } from './status.ts';
import './surveys.css';

export async function loader({ context }: LoaderFunctionArgs): Promise<{ isAdmin: boolean }> {
  const [queryClient, user] = await Promise.all([queryClientOf(context), currentUser()]);
  await queryClient.fetchQuery(surveyList());
  return { isAdmin: (user as User | null)?.role === 'admin' };
}

type StatusFilter = AdminSurveyStatus | 'all';

const STATUS_OPTIONS: ReadonlyArray<{ id: StatusFilter; label: string }> = [
  { id: 'all', label: 'Todas' },
  ...AdminSurveyStatusSchema.options.map((status) => ({
    id: status,
    label: ADMIN_SURVEY_STATUS_LABELS[status],
  })),
];

/** The address's status, or every survey for anything else. */
function statusOf(params: URLSearchParams): StatusFilter {
  const parsed = AdminSurveyStatusSchema.safeParse(params.get('status'));
  return parsed.success ? parsed.data : 'all';
}

/** What the list shows: '3 encuestas abiertas', '1 encuesta en borrador'. */
function countText(count: number, status: StatusFilter): string {
  const noun = count === 1 ? '1 encuesta' : `${formatCount(count)} encuestas`;
  if (status === 'all') return noun;
  if (status === 'draft') return `${noun} en borrador`;
  const word = { upcoming: 'próxima', open: 'abierta', closed: 'cerrada' }[status];
  return `${noun} ${count === 1 ? word : `${word}s`}`;
}

const responsesText = (count: number) => (count === 1 ? '1 respuesta' : `${formatCount(count)} respuestas`);

function columns(isAdmin: boolean): ReadonlyArray<DataTableColumn<AdminSurveySummary>> {
  return [
    {
      id: 'title',
      header: 'Encuesta',
      value: (row) => row.title,
      render: (row) =>
        isAdmin ? (
          <Link href={`/surveys/${row.id}`} variant="standalone">
            {row.title}
          </Link>
        ) : (
          row.title
        ),
      isSortable: true,
      isRowHeader: true,
    },
    {
      id: 'status',
      header: 'Estado',
      value: (row) => ADMIN_SURVEY_STATUS_LABELS[row.status],
      render: (row) => {
        const { label, tone } = surveyStatus(row.status);
        return <Badge tone={tone}>{label}</Badge>;
      },
      isSortable: true,
    },
    {
      id: 'opens',
      header: 'Abre',
      value: (row) => row.opens_at,
      render: (row) => formatDateTime(row.opens_at),
      isSortable: true,
    },
    {
      id: 'closes',
      header: 'Cierra',
      value: (row) => row.closes_at,
      render: (row) => formatDateTime(row.closes_at),
      isSortable: true,
    },
    {
      id: 'questions',
      header: 'Preguntas',
      value: (row) => row.questions,
      render: (row) => formatCount(row.questions),
      isSortable: true,
    },
    {
      id: 'responses',
      header: 'Respuestas',
      value: (row) => row.responses,
      render: (row) => formatCount(row.responses),
      isSortable: true,
    },
    {
      id: 'results',
      header: 'Resultados',
      value: () => null,
      render: (row) => (
        <Link
          href={`/surveys/${row.id}/results`}
          variant="standalone"
          aria-label={`Ver resultados de ${row.title}`}
        >
          Ver resultados
        </Link>
      ),
    },
  ];
}

export function Component() {
  useDocumentTitle('Encuestas');
  const { isAdmin } = useLoaderData() as { isAdmin: boolean };
  const { data } = useSuspenseQuery(surveyList());
  const [params, setParams] = useSearchParams();
  const status = statusOf(params);
  const rows = status === 'all' ? data.data : data.data.filter((row) => row.status === status);

  return (
    <section className="bo-surveys" aria-labelledby="surveys-title">
      <div className="bo-surveys__heading">
        <h1 id="surveys-title">Encuestas</h1>
        {isAdmin ? (
          <Link href="/surveys/new" variant="primary">
            Nueva encuesta
          </Link>
        ) : null}
      </div>
      <p className="bo-surveys__muted">
        Las encuestas «Te escuchamos» que las farmacias responden en el portal mientras están abiertas.
        {isAdmin ? null : ' Las respuestas que ves son las de tus farmacias.'}
      </p>
      <div className="bo-surveys__filters">
        <NativeSelect
          label="Estado"
          options={STATUS_OPTIONS}
          value={status}
          onChange={(next) =>
            setParams(
              (previous) => {
                const search = new URLSearchParams(previous);
                if (next === 'all') search.delete('status');
                else search.set('status', next);
                return search;
              },
              { replace: false },
            )
          }
        />
        <p className="bo-surveys__count" role="status">
          {countText(rows.length, status)}
        </p>
      </div>
      {rows.length === 0 ? (
        <EmptyState
          title={status === 'all' ? 'Todavía no hay encuestas' : 'Ninguna encuesta con este estado'}
          description={
            status === 'all'
              ? 'Crea una encuesta para preguntar a las farmacias por los productos o el portal.'
              : 'Elige otro estado o «Todas».'
          }
          headingLevel={2}
        />
      ) : (
        <DataTable
          aria-label="Encuestas"
          columns={columns(isAdmin)}
          rows={rows}
          defaultSortDescriptor={{ column: 'opens', direction: 'descending' }}
        />
      )}
      <p className="bo-surveys__muted">
        {responsesText(rows.reduce((sum, row) => sum + row.responses, 0))} en total.
      </p>
    </section>
  );
}
