/**
 * /backoffice/training/materials and /training/newsletters: the scientific materials and the
 * newsletters, newest first, found by title, each with its PDF (or the note that it has none yet,
 * and so is not in the portal). The address keeps the search. An admin adds one from here.
 */
import type { AdminMaterial, AdminNewsletter } from '@botica/api-client/admin';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { formatCount, formatDate } from '@botica/domain';
import { Badge, DataTable, type DataTableColumn, EmptyState, Link, Pagination } from '@botica/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { type LoaderFunctionArgs, useLocation, useNavigate, useSearchParams } from 'react-router';
import { userAtom } from '../auth/session.ts';
import { materialList, newsletterList } from './queries.ts';
import { libraryQuery, readSearch, searchAddress, type TrainingSearch } from './search.ts';
import { SearchForm } from './search-form.tsx';
import { fileSize, type LibraryKind } from './training-form.ts';
import { TrainingNav } from './training-nav.tsx';
import './training.css';

/** Which list an address shows. */
export function kindOf(pathname: string): LibraryKind {
  return pathname.includes('/training/newsletters') ? 'newsletters' : 'materials';
}

const listOf = (kind: LibraryKind, search: TrainingSearch) =>
  kind === 'materials' ? materialList(libraryQuery(search)) : newsletterList(libraryQuery(search));

export async function loader({ context, request }: LoaderFunctionArgs) {
  const queryClient = await queryClientOf(context);
  const url = new URL(request.url);
  return queryClient.fetchQuery(
    listOf(kindOf(url.pathname), readSearch(url.searchParams)) as ReturnType<typeof materialList>,
  );
}

type Item = AdminMaterial | AdminNewsletter;

const WORDS = {
  materials: {
    title: 'Material científico',
    path: '/training/materials',
    new: 'Nuevo material',
    one: 'documento',
    many: 'documentos',
    none: 'No hay documentos',
  },
  newsletters: {
    title: 'Boletines',
    path: '/training/newsletters',
    new: 'Nuevo boletín',
    one: 'boletín',
    many: 'boletines',
    none: 'No hay boletines',
  },
} as const;

function columns(kind: LibraryKind): ReadonlyArray<DataTableColumn<Item>> {
  return [
    {
      id: 'title',
      header: 'Título',
      value: (row) => row.title,
      render: (row) => (
        <Link href={`${WORDS[kind].path}/${row.id}`} variant="standalone">
          {row.title}
        </Link>
      ),
      isRowHeader: true,
    },
    {
      id: 'published',
      header: 'Publicación',
      value: (row) => row.published_at,
      render: (row) => formatDate(row.published_at),
    },
    ...(kind === 'materials'
      ? [
          {
            id: 'tags',
            header: 'Etiquetas',
            value: (row: Item) => ('tags' in row ? row.tags.join(', ') : ''),
          },
        ]
      : []),
    {
      id: 'file',
      header: 'PDF',
      value: (row) => row.file?.size ?? 0,
      render: (row) =>
        row.file === null ? (
          <Badge tone="warning">Sin PDF</Badge>
        ) : (
          `${row.file.name} · ${fileSize(row.file.size)}`
        ),
    },
  ];
}

export function Component() {
  const kind = kindOf(useLocation().pathname);
  const words = WORDS[kind];
  useDocumentTitle(words.title);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const search = readSearch(params);
  const isAdmin = useAtomValue(userAtom)?.role === 'admin';
  const { data: list } = useSuspenseQuery(listOf(kind, search) as ReturnType<typeof materialList>);
  const go = (changes: Partial<TrainingSearch>) => void navigate(searchAddress(search, changes));
  const rows = list.data as Item[];
  return (
    <section className="bo-training" aria-labelledby="library-title">
      <TrainingNav current={words.path} />
      <div className="bo-training__head">
        <h1 id="library-title">{words.title}</h1>
        {isAdmin ? (
          <Link href={`${words.path}/new`} variant="standalone" className="bo-training__new">
            {words.new}
          </Link>
        ) : null}
      </div>
      <div className="bo-training__filters bo-training__filters--single">
        <SearchForm
          key={search.q}
          label={`Buscar ${words.one}`}
          help="Palabras del título."
          value={search.q}
          onSearch={(q) => go({ q })}
        />
      </div>
      <p role="status" className="bo-training__count">
        {list.meta.total === 1 ? `1 ${words.one}` : `${formatCount(list.meta.total)} ${words.many}`}
      </p>
      {rows.length === 0 ? (
        <EmptyState
          title={search.q ? `Nada coincide con «${search.q}»` : words.none}
          description="Prueba con otras palabras."
        />
      ) : (
        <div className="bo-training__table">
          <DataTable aria-label={words.title} columns={columns(kind)} rows={rows} />
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
