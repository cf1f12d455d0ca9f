/** /formacion/newsletters (logged in): the newsletter archive, each issue as a PDF. */
import type { NewslettersResponse } from '@botica/api-client/schemas';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { formatLongDate } from '@botica/domain';
import { EmptyState, Pagination } from '@botica/ui';
import { type LoaderFunctionArgs, useLoaderData, useNavigate } from 'react-router';
import { newslettersQuery } from './queries.ts';
import { fileLabel, pageParam } from './training-format.ts';

export async function loader({ context, request }: LoaderFunctionArgs): Promise<NewslettersResponse> {
  const queryClient = await queryClientOf(context);
  return queryClient.fetchQuery(newslettersQuery({ page: pageParam(new URL(request.url).searchParams) }));
}

export function Component() {
  const newsletters = useLoaderData() as NewslettersResponse;
  const navigate = useNavigate();
  useDocumentTitle('Newsletters');
  return (
    <div className="training">
      <header className="training__intro">
        <h1 className="training__title">Newsletters</h1>
        <p className="training__lead">El boletín mensual de formación del laboratorio.</p>
      </header>
      {newsletters.data.length === 0 ? (
        <EmptyState title="Aún no hay boletines" />
      ) : (
        <ul className="material-list">
          {newsletters.data.map((newsletter) => (
            <li key={newsletter.id} className="material-item material-item--full">
              <div className="material-item__text">
                <h2 className="material-item__title">{newsletter.title}</h2>
                <p className="material-item__description">{newsletter.summary}</p>
                <p className="material-item__meta">
                  <time dateTime={newsletter.published_at}>{formatLongDate(newsletter.published_at)}</time>
                </p>
              </div>
              <a className="material-item__button" href={newsletter.file.url} download={newsletter.file.name}>
                Descargar <span className="bt-visually-hidden">{newsletter.title}</span>
                <span className="material-item__file">{fileLabel(newsletter.file)}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={newsletters.meta.current_page}
        pageCount={newsletters.meta.last_page}
        onPageChange={(page) => void navigate(`?page=${page}`)}
        aria-label="Páginas del archivo"
      />
    </div>
  );
}
