/**
 * /backoffice/news: the laboratory's news as the staff manage them: the drafts first, then scheduled
 * and published posts by date, the latest first, found by title and narrowed by status. The address keeps the
 * search, so a link or the back button shows the same list. Admins write new posts from here.
 */
import {
  type AdminNewsQuery,
  type AdminPostStatus,
  AdminPostStatusSchema,
  type AdminPostSummary,
} from '@botica/api-client/admin';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { formatCount, formatDateTime } from '@botica/domain';
import {
  Badge,
  Button,
  DataTable,
  type DataTableColumn,
  EmptyState,
  Link,
  NativeSelect,
  Pagination,
} from '@botica/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { type FormEvent, useState } from 'react';
import { type LoaderFunctionArgs, useNavigate, useSearchParams } from 'react-router';
import { userAtom } from '../auth/session.ts';
import { STATUS_LABELS } from './post-form.ts';
import { newsList } from './queries.ts';
import './news.css';

interface NewsSearch {
  q: string;
  status: AdminPostStatus | '';
  page: number;
}

function readSearch(params: URLSearchParams): NewsSearch {
  const status = AdminPostStatusSchema.safeParse(params.get('status'));
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    status: status.success ? status.data : '',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

function listQuery(search: NewsSearch): AdminNewsQuery {
  return {
    ...(search.q ? { q: search.q } : {}),
    ...(search.status ? { status: search.status } : {}),
    ...(search.page > 1 ? { page: search.page } : {}),
  };
}

function searchAddress(search: NewsSearch, changes: Partial<NewsSearch>): string {
  const next = { ...search, page: 1, ...changes };
  const params = new URLSearchParams();
  if (next.q) params.set('q', next.q);
  if (next.status) params.set('status', next.status);
  if (next.page > 1) params.set('page', String(next.page));
  return `?${params}`;
}

export async function loader({ context, request }: LoaderFunctionArgs) {
  const queryClient = await queryClientOf(context);
  return queryClient.fetchQuery(newsList(listQuery(readSearch(new URL(request.url).searchParams))));
}

const COLUMNS: ReadonlyArray<DataTableColumn<AdminPostSummary>> = [
  {
    id: 'title',
    header: 'Título',
    value: (row) => row.title,
    render: (row) => (
      <Link href={`/news/${row.id}`} variant="standalone">
        {row.title}
      </Link>
    ),
    isRowHeader: true,
  },
  {
    id: 'status',
    header: 'Estado',
    value: (row) => STATUS_LABELS[row.status].label,
    render: (row) => <Badge tone={STATUS_LABELS[row.status].tone}>{STATUS_LABELS[row.status].label}</Badge>,
  },
  { id: 'category', header: 'Categoría', value: (row) => row.category },
  {
    id: 'published',
    header: 'Publicación',
    value: (row) => row.published_at ?? '',
    render: (row) => (row.published_at ? formatDateTime(row.published_at) : '—'),
  },
  {
    id: 'updated',
    header: 'Último cambio',
    value: (row) => row.updated_at,
    render: (row) => formatDateTime(row.updated_at),
  },
];

function SearchForm({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const [words, setWords] = useState(q);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(words.trim());
  }
  return (
    <search aria-label="Buscar noticias">
      <form className="bo-news__search" onSubmit={submit}>
        <label className="bt-field bo-news__search-field">
          <span className="bt-field__label">Buscar por título</span>
          <input
            className="bt-input"
            type="search"
            name="q"
            value={words}
            maxLength={100}
            onChange={(event) => setWords(event.target.value)}
          />
        </label>
        <Button type="submit">Buscar</Button>
      </form>
    </search>
  );
}

const countText = (total: number) => (total === 1 ? '1 noticia' : `${formatCount(total)} noticias`);

export function Component() {
  useDocumentTitle('Noticias');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const search = readSearch(params);
  const isAdmin = useAtomValue(userAtom)?.role === 'admin';
  const { data: list } = useSuspenseQuery(newsList(listQuery(search)));
  const go = (changes: Partial<NewsSearch>) => void navigate(searchAddress(search, changes));

  return (
    <section className="bo-news" aria-labelledby="news-title">
      <div className="bo-news__head">
        <div>
          <h1 id="news-title">Noticias</h1>
          <p className="bo-news__muted">Las noticias del portal: borradores, programadas y publicadas.</p>
        </div>
        {isAdmin ? (
          <Link href="/news/new" variant="primary">
            Nueva noticia
          </Link>
        ) : null}
      </div>
      <div className="bo-news__filters">
        <SearchForm key={search.q} q={search.q} onSearch={(q) => go({ q })} />
        <NativeSelect
          label="Estado"
          value={search.status}
          onChange={(status) => go({ status: status as NewsSearch['status'] })}
          options={[
            { id: '', label: 'Todos los estados' },
            ...AdminPostStatusSchema.options.map((status) => ({
              id: status,
              label: STATUS_LABELS[status].label,
            })),
          ]}
        />
      </div>
      <div className="bo-news__summary">
        <p role="status" className="bo-news__count">
          {countText(list.meta.total)}
        </p>
        {search.q || search.status ? (
          <Button variant="ghost" size="sm" onPress={() => void navigate('?')}>
            Quitar filtros
          </Button>
        ) : null}
      </div>
      {list.data.length === 0 ? (
        <EmptyState
          title={
            search.q ? `Ninguna noticia coincide con «${search.q}»` : 'Ninguna noticia con estos filtros'
          }
          description="Prueba con otras palabras o quita los filtros."
        />
      ) : (
        <div className="bo-news__table">
          <DataTable aria-label="Noticias" columns={COLUMNS} rows={list.data} />
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
