/** /formacion/historico-webinars (logged in): past webinars with their recordings and materials. */
import type { WebinarsResponse } from '@botica/api-client/schemas';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { formatDuration } from '@botica/domain';
import { EmptyState, Link, Pagination, WebinarDateTile } from '@botica/ui';
import { type LoaderFunctionArgs, useLoaderData, useNavigate } from 'react-router';
import { webinarsQuery } from './queries.ts';
import { fileLabel, pageParam, webinarWhen } from './training-format.ts';

export async function loader({ context, request }: LoaderFunctionArgs): Promise<WebinarsResponse> {
  const queryClient = await queryClientOf(context);
  return queryClient.fetchQuery(
    webinarsQuery({ when: 'past', page: pageParam(new URL(request.url).searchParams) }),
  );
}

export function Component() {
  const webinars = useLoaderData() as WebinarsResponse;
  const navigate = useNavigate();
  useDocumentTitle('Histórico Webinars');
  return (
    <div className="training">
      <header className="training__intro">
        <h1 className="training__title">Histórico de webinars</h1>
        <p className="training__lead">Las grabaciones y el material de las sesiones ya celebradas.</p>
      </header>
      {webinars.data.length === 0 ? (
        <EmptyState title="Aún no hay webinars celebrados" />
      ) : (
        <div className="webinar-list">
          {webinars.data.map((webinar) => (
            <article key={webinar.id} className="webinar-card">
              <WebinarDateTile startsAt={webinar.starts_at} />
              <div className="webinar-card__body">
                <p className="webinar-card__topic">{webinar.topic}</p>
                <h2 className="webinar-card__title">
                  <Link href={`/formacion/agenda-webinars/${webinar.id}`} variant="standalone">
                    {webinar.title}
                  </Link>
                </h2>
                <p className="webinar-card__meta">
                  {webinar.speaker.name} · {webinarWhen(webinar.starts_at, webinar.ends_at)} (
                  {formatDuration(webinar.duration_minutes)})
                </p>
                <div className="webinar-card__actions">
                  {webinar.recording_url ? (
                    <Link href={webinar.recording_url} isExternal variant="secondary">
                      Ver la grabación
                    </Link>
                  ) : null}
                  {webinar.materials.map((material) => (
                    <a
                      key={material.id}
                      className="material-item__download"
                      href={material.file.url}
                      download={material.file.name}
                    >
                      {material.title}{' '}
                      <span className="material-item__file">({fileLabel(material.file)})</span>
                    </a>
                  ))}
                </div>
              </div>
            </article>
          ))}
        </div>
      )}
      <Pagination
        page={webinars.meta.current_page}
        pageCount={webinars.meta.last_page}
        onPageChange={(page) => void navigate(`?page=${page}`)}
        aria-label="Páginas del histórico"
      />
    </div>
  );
}
