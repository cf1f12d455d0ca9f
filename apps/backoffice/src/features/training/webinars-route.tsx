/**
 * /backoffice/training/webinars: the laboratory's webinars, the latest first, found by title, topic or
 * speaker and narrowed to the upcoming or the past ones, with their number of signups. The address
 * keeps the search. An admin adds one from here.
 */
import type { AdminWebinarRow } from '@botica/api-client/admin';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { formatCount, formatDateTime, formatDuration } from '@botica/domain';
import { DataTable, type DataTableColumn, EmptyState, Link, NativeSelect, Pagination } from '@botica/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { type LoaderFunctionArgs, useNavigate, useSearchParams } from 'react-router';
import { userAtom } from '../auth/session.ts';
import { webinarList } from './queries.ts';
import { readSearch, searchAddress, type TrainingSearch, webinarsQuery } from './search.ts';
import { SearchForm } from './search-form.tsx';
import { TrainingNav } from './training-nav.tsx';
import { PhaseBadge } from './training-parts.tsx';
import './training.css';

export async function loader({ context, request }: LoaderFunctionArgs) {
  const queryClient = await queryClientOf(context);
  return queryClient.fetchQuery(webinarList(webinarsQuery(readSearch(new URL(request.url).searchParams))));
}

const COLUMNS: ReadonlyArray<DataTableColumn<AdminWebinarRow>> = [
  {
    id: 'title',
    header: 'Webinar',
    value: (row) => row.title,
    render: (row) => (
      <span className="bo-training__name">
        <Link href={`/training/webinars/${row.id}`} variant="standalone">
          {row.title}
        </Link>
        <span className="bo-training__muted">{row.topic}</span>
      </span>
    ),
    isRowHeader: true,
  },
  { id: 'speaker', header: 'Ponente', value: (row) => row.speaker_name },
  {
    id: 'starts',
    header: 'Comienzo (hora peninsular)',
    value: (row) => row.starts_at,
    render: (row) => `${formatDateTime(row.starts_at)} · ${formatDuration(row.duration_minutes)}`,
  },
  {
    id: 'phase',
    header: 'Estado',
    value: (row) => row.phase,
    render: (row) => <PhaseBadge phase={row.phase} />,
  },
  {
    id: 'signups',
    header: 'Inscritos',
    value: (row) => row.signup_count,
    render: (row) => formatCount(row.signup_count),
  },
];

function countText(total: number): string {
  return total === 1 ? '1 webinar' : `${formatCount(total)} webinars`;
}

export function Component() {
  useDocumentTitle('Webinars');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const search = readSearch(params);
  const isAdmin = useAtomValue(userAtom)?.role === 'admin';
  const { data: list } = useSuspenseQuery(webinarList(webinarsQuery(search)));
  const go = (changes: Partial<TrainingSearch>) => void navigate(searchAddress(search, changes));

  return (
    <section className="bo-training" aria-labelledby="webinars-title">
      <TrainingNav current="/training/webinars" />
      <div className="bo-training__head">
        <h1 id="webinars-title">Webinars</h1>
        {isAdmin ? (
          <Link href="/training/webinars/new" variant="standalone" className="bo-training__new">
            Nuevo webinar
          </Link>
        ) : null}
      </div>
      <div className="bo-training__filters">
        <SearchForm
          key={search.q}
          label="Buscar webinar"
          help="Título, tema o ponente."
          value={search.q}
          onSearch={(q) => go({ q })}
        />
        <NativeSelect
          label="Cuándo"
          value={search.when}
          onChange={(when) => go({ when })}
          options={[
            { id: '', label: 'Todos' },
            { id: 'upcoming', label: 'Próximos' },
            { id: 'past', label: 'Celebrados' },
          ]}
        />
      </div>
      <p role="status" className="bo-training__count">
        {countText(list.meta.total)}
      </p>
      {list.data.length === 0 ? (
        <EmptyState
          title={search.q ? `Ningún webinar coincide con «${search.q}»` : 'No hay webinars'}
          description="Prueba con otras palabras o quita el filtro."
        />
      ) : (
        <div className="bo-training__table">
          <DataTable aria-label="Webinars" columns={COLUMNS} rows={list.data} />
        </div>
      )}
      {list.meta.last_page > 1 ? (
        <Pagination
          page={list.meta.current_page}
          pageCount={list.meta.last_page}
          onPageChange={(page) => go({ page })}
        />
      ) : null}
    </section>
  );
}
