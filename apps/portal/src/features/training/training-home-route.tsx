/** /formacion: the training home: the next webinars, the latest news and (logged in) materials. */
import type { Material, PostSummary, Webinar } from '@botica/api-client/schemas';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { formatLongDate } from '@botica/domain';
import { EmptyState, Link } from '@botica/ui';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { currentUser, isClient } from '../auth/session.ts';
import { postsQuery } from '../news/queries.ts';
import { materialsQuery, webinarsQuery } from './queries.ts';
import { fileLabel } from './training-format.ts';
import { WebinarCard } from './webinar-parts.tsx';

interface TrainingHomeData {
  webinars: Webinar[];
  posts: PostSummary[];
  /** Null for anonymous visitors. */
  materials: Material[] | null;
}

export async function loader({ context }: LoaderFunctionArgs): Promise<TrainingHomeData> {
  const [queryClient, user] = await Promise.all([queryClientOf(context), currentUser()]);
  const [webinars, posts, materials] = await Promise.all([
    queryClient.fetchQuery(webinarsQuery({ per_page: 3 })),
    queryClient.fetchQuery(postsQuery({ per_page: 3 })),
    isClient(user) ? queryClient.fetchQuery(materialsQuery({ per_page: 4 })) : null,
  ]);
  return { webinars: webinars.data, posts: posts.data, materials: materials?.data ?? null };
}

export function Component() {
  const { webinars, posts, materials } = useLoaderData() as TrainingHomeData;
  useDocumentTitle('Formación');
  return (
    <div className="training">
      <header className="training__intro">
        <h1 className="training__title">Formación</h1>
        <p className="training__lead">
          Webinars en directo con especialistas, material científico sobre nuestras plantas y las noticias del
          laboratorio.
        </p>
      </header>

      <section className="training__section" aria-labelledby="next-webinars">
        <div className="training__section-head">
          <h2 id="next-webinars">Próximos webinars</h2>
          <Link href="/formacion/agenda-webinars">Ver la agenda</Link>
        </div>
        {webinars.length > 0 ? (
          <div className="webinar-list">
            {webinars.map((webinar) => (
              <WebinarCard key={webinar.id} webinar={webinar} headingLevel={3} />
            ))}
          </div>
        ) : (
          <EmptyState title="No hay webinars programados" description="Pronto publicaremos nuevas fechas." />
        )}
      </section>

      <section className="training__section" aria-labelledby="latest-news">
        <div className="training__section-head">
          <h2 id="latest-news">Últimas noticias</h2>
          <Link href="/formacion/noticias">Todas las noticias</Link>
        </div>
        <div className="news-grid">
          {posts.map((post) => (
            <article key={post.id} className="news-card">
              <img
                className="news-card__image"
                src={post.image.url}
                alt=""
                width={1200}
                height={675}
                loading="lazy"
              />
              <p className="news-card__meta">
                {post.category} ·{' '}
                <time dateTime={post.published_at}>{formatLongDate(post.published_at)}</time>
              </p>
              <h3 className="news-card__title">
                <Link href={`/formacion/noticias/${post.id}`} variant="standalone">
                  {post.title}
                </Link>
              </h3>
            </article>
          ))}
        </div>
      </section>

      {materials ? (
        <section className="training__section" aria-labelledby="latest-materials">
          <div className="training__section-head">
            <h2 id="latest-materials">Material científico reciente</h2>
            <Link href="/formacion/materiales">Todo el material</Link>
          </div>
          <ul className="material-list material-list--compact">
            {materials.map((material) => (
              <li key={material.id} className="material-item">
                <a className="material-item__download" href={material.file.url} download={material.file.name}>
                  {material.title}
                </a>
                <span className="material-item__file">{fileLabel(material.file)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <section className="training__section training__invite" aria-labelledby="members">
          <h2 id="members">Más formación con tu cuenta</h2>
          <p>
            Con tu usuario de farmacia accedes al material científico, a las grabaciones de los webinars
            pasados y a la inscripción en los próximos.
          </p>
          <Link href="/login?redirect=%2Fformacion" variant="primary">
            Acceder
          </Link>
        </section>
      )}
    </div>
  );
}
