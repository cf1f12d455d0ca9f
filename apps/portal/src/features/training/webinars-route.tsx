/**
 * /formacion/agenda-webinars: the upcoming webinars (public). /formacion/agenda-webinars/{id}: one
 * webinar, with the signup for a logged-in pharmacist (a form posted to this route's action), the
 * join link when it is time (15 minutes before until the end; the server decides and hands it only
 * to those signed up) and, once ended, the recording and materials.
 */
import type { User, WebinarDetail, WebinarsResponse } from '@botica/api-client/schemas';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { formatDuration, formatTime, formatWeekdayDate, WEBINAR_JOIN_WINDOW_MINUTES } from '@botica/domain';
import { Button, EmptyState, Link, Pagination, showToast, WebinarDateTile } from '@botica/ui';
import { useAtomValue } from 'jotai';
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigate,
} from 'react-router';
import { reportCallError } from '../../shared/errors.ts';
import { currentUser, isClient, userAtom } from '../auth/session.ts';
import { changeSignup, webinarQuery, webinarsQuery } from './queries.ts';
import { fileLabel, pageParam } from './training-format.ts';
import { WebinarCard, WebinarStatus } from './webinar-parts.tsx';
import { WebinarProducts } from './webinar-products.tsx';

type AgendaData = { kind: 'list'; webinars: WebinarsResponse } | { kind: 'detail'; webinar: WebinarDetail };

export async function loader({ context, params, request }: LoaderFunctionArgs): Promise<AgendaData> {
  // The signed-up state and the join link depend on who asks: the session first.
  const [queryClient] = await Promise.all([queryClientOf(context), currentUser()]);
  if (params.id === undefined) {
    const page = pageParam(new URL(request.url).searchParams);
    return {
      kind: 'list',
      webinars: await queryClient.fetchQuery(webinarsQuery({ when: 'upcoming', page })),
    };
  }
  const id = Number(params.id);
  if (!/^\d+$/.test(params.id) || !Number.isSafeInteger(id) || id <= 0) {
    throw new Response('', { status: 404, statusText: 'Not Found' });
  }
  return { kind: 'detail', webinar: (await queryClient.fetchQuery(webinarQuery(id))).data };
}

/** Signs up (`intent=signup`) or cancels (`intent=cancel`); the loader then reads the webinar again. */
export async function action({ context, params, request }: ActionFunctionArgs): Promise<{ ok: boolean }> {
  const id = Number(params.id);
  const intent = (await request.formData()).get('intent');
  try {
    const queryClient = await queryClientOf(context);
    if (intent === 'signup') {
      await changeSignup(queryClient, id, 'signup');
      showToast({ title: 'Inscripción confirmada', tone: 'success' }, { timeoutMs: 7000 });
    } else {
      await changeSignup(queryClient, id, 'cancel');
      showToast({ title: 'Has cancelado tu inscripción', tone: 'info' }, { timeoutMs: 7000 });
    }
    return { ok: true };
  } catch (error) {
    if (!reportCallError(error)) {
      showToast(
        {
          title: 'No se ha podido completar la inscripción',
          description: error instanceof Error ? error.message : undefined,
          tone: 'danger',
        },
        { timeoutMs: 7000 },
      );
    }
    return { ok: false };
  }
}

function Agenda({ webinars }: { webinars: WebinarsResponse }) {
  const navigate = useNavigate();
  useDocumentTitle('Agenda Webinars');
  return (
    <div className="training">
      <header className="training__intro">
        <h1 className="training__title">Agenda de webinars</h1>
        <p className="training__lead">
          Sesiones en directo para el equipo de la farmacia. Las horas son de Madrid (hora peninsular).
        </p>
      </header>
      {webinars.data.length > 0 ? (
        <div className="webinar-list">
          {webinars.data.map((webinar) => (
            <WebinarCard key={webinar.id} webinar={webinar} />
          ))}
        </div>
      ) : (
        <EmptyState title="No hay webinars programados" description="Pronto publicaremos nuevas fechas." />
      )}
      <Pagination
        page={webinars.meta.current_page}
        pageCount={webinars.meta.last_page}
        onPageChange={(page) => void navigate(`?page=${page}`)}
        aria-label="Páginas de la agenda"
      />
    </div>
  );
}

function SignupPanel({ webinar, user }: { webinar: WebinarDetail; user: User | null }) {
  const fetcher = useFetcher<{ ok: boolean }>();
  const location = useLocation();
  const isBusy = fetcher.state !== 'idle';

  if (!isClient(user)) {
    return (
      <div className="webinar-signup">
        <p>Inicia sesión con tu usuario de farmacia para inscribirte y recibir el enlace de acceso.</p>
        <Link href={`/login?redirect=${encodeURIComponent(location.pathname)}`} variant="primary">
          Iniciar sesión para inscribirme
        </Link>
      </div>
    );
  }
  if (webinar.phase === 'ended') {
    return (
      <div className="webinar-signup">
        <p className="webinar-signup__state">Este webinar ya se ha celebrado.</p>
        {webinar.recording_url ? (
          <Link href={webinar.recording_url} isExternal variant="primary">
            Ver la grabación
          </Link>
        ) : null}
      </div>
    );
  }
  // One form whose button changes its words: the same element before and after the answer, so the
  // keyboard focus stays on it (a second form would unmount the button and drop focus to the page).
  const isSignedUp = webinar.is_signed_up;
  return (
    <div className="webinar-signup">
      <p className="webinar-signup__state" role="status">
        {isSignedUp ? 'Estás inscrito en este webinar.' : 'Plazas abiertas para farmacias registradas.'}
      </p>
      {!isSignedUp ? null : webinar.join_url ? (
        <Link href={webinar.join_url} isExternal variant="primary">
          Entrar al webinar
        </Link>
      ) : (
        <p className="webinar-signup__hint">
          El enlace para entrar aparecerá aquí {WEBINAR_JOIN_WINDOW_MINUTES} minutos antes del comienzo.
        </p>
      )}
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value={isSignedUp ? 'cancel' : 'signup'} />
        <Button type="submit" variant={isSignedUp ? 'secondary' : 'primary'} isPending={isBusy}>
          {isSignedUp ? 'Cancelar inscripción' : 'Inscribirme'}
        </Button>
      </fetcher.Form>
    </div>
  );
}

function WebinarPage({ webinar }: { webinar: WebinarDetail }) {
  const user = useAtomValue(userAtom);
  useDocumentTitle(webinar.title);
  const isPharmacist = isClient(user);
  return (
    <article className="training webinar-page">
      <p className="training__back">
        <Link
          href={
            webinar.phase === 'ended' && isPharmacist
              ? '/formacion/historico-webinars'
              : '/formacion/agenda-webinars'
          }
        >
          {webinar.phase === 'ended' && isPharmacist ? 'Volver al histórico' : 'Volver a la agenda'}
        </Link>
      </p>
      <header className="webinar-page__head">
        <WebinarDateTile startsAt={webinar.starts_at} />
        <div>
          <p className="webinar-card__topic">
            <span>{webinar.topic}</span>
            <WebinarStatus webinar={webinar} />
          </p>
          <h1 className="training__title">{webinar.title}</h1>
        </div>
      </header>
      <div className="webinar-page__layout">
        <div className="webinar-page__main">
          <dl className="webinar-facts">
            <div>
              <dt>Fecha</dt>
              <dd>
                <time dateTime={webinar.starts_at}>{formatWeekdayDate(webinar.starts_at)}</time>
              </dd>
            </div>
            <div>
              <dt>Hora</dt>
              <dd>
                {formatTime(webinar.starts_at)}–{formatTime(webinar.ends_at)} (hora peninsular)
              </dd>
            </div>
            <div>
              <dt>Duración</dt>
              <dd>{formatDuration(webinar.duration_minutes)}</dd>
            </div>
            <div>
              <dt>Ponente</dt>
              <dd>
                {webinar.speaker.name}
                <span className="webinar-facts__detail">{webinar.speaker.title}</span>
              </dd>
            </div>
          </dl>
          {webinar.description.map((paragraph) => (
            <p key={paragraph} className="webinar-page__text">
              {paragraph}
            </p>
          ))}
          <WebinarProducts products={webinar.products} isPharmacist={isPharmacist} />
          {webinar.materials.length > 0 ? (
            <section aria-labelledby="webinar-materials">
              <h2 id="webinar-materials" className="webinar-page__subtitle">
                Material de la sesión
              </h2>
              <ul className="material-list material-list--compact">
                {webinar.materials.map((material) => (
                  <li key={material.id} className="material-item">
                    <a
                      className="material-item__download"
                      href={material.file.url}
                      download={material.file.name}
                    >
                      {material.title}
                    </a>
                    <span className="material-item__file">{fileLabel(material.file)}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
        <aside className="webinar-page__aside" aria-label="Inscripción">
          <SignupPanel webinar={webinar} user={user} />
        </aside>
      </div>
    </article>
  );
}

export function Component() {
  const data = useLoaderData() as AgendaData;
  return data.kind === 'list' ? <Agenda webinars={data.webinars} /> : <WebinarPage webinar={data.webinar} />;
}
