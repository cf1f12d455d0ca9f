/**
 * The error pages of the routes: a status and its text from the catalogue, the way home, the offline
 * notice, a chunk that failed to load reloading the page. Each app gives the chrome around them (who
 * is there decides which) and where its login page is.
 */
import { isApiError } from '@botica/api-client';
import { errorPage, NO_ROUTE_MESSAGE } from '@botica/domain';
import { ErrorPage } from '@botica/ui';
import { type ComponentType, type ReactNode, useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useNavigate, useRevalidator, useRouteError } from 'react-router';
import { useDocumentTitle } from '../document-title.ts';
import { type ChunkErrorAction, reloadOnChunkError } from '../navigation/chunk-reload.ts';

/** The site around an error page (header, footer), as the app draws it for whoever is there. */
export type ErrorChromeComponent = ComponentType<{ children: ReactNode }>;

/** What the error pages of an app need of it. */
export interface RouteErrorProps {
  /** The app's login page, where a refused session is sent back from. @default '/login' */
  loginPath?: string | undefined;
}

/** The error page (the status code, its text, the way home) as the page's content. */
export function ErrorPageView({
  status,
  message,
  homeHref,
}: {
  status?: number | undefined;
  message?: string | undefined;
  homeHref?: string | undefined;
}) {
  useDocumentTitle(`Error ${errorPage(status, message).status}`);
  return <ErrorPage status={status} message={message} homeHref={homeHref} />;
}

/** Unknown routes: the 404 page, with the site around it. */
export function NotFoundPage({ chrome: Chrome }: { chrome: ErrorChromeComponent }) {
  return (
    <Chrome>
      <ErrorPageView status={404} message={NO_ROUTE_MESSAGE} />
    </Chrome>
  );
}

/** The 401s already answered by running the guards again: a second one shows its page. */
const retried = new WeakSet<object>();

/**
 * A screen whose data the server refused (401): the session ended meanwhile (the API client's fetch
 * told the session, which said so in a toast). The guards run again, once: a logged-in screen then goes to
 * /login and comes back after it, a public one shows itself to an anonymous visitor.
 */
function SessionRefusedView({ error, loginPath }: { error: Error; loginPath: string }) {
  const revalidator = useRevalidator();
  const location = useLocation();
  const isFirst = !retried.has(error);
  useEffect(() => {
    if (retried.has(error)) return;
    retried.add(error);
    void revalidator.revalidate();
  }, [error, revalidator]);
  if (isFirst) return null;
  const back = location.pathname + location.search;
  return (
    <ErrorPageView
      status={401}
      message={error.message}
      homeHref={`${loginPath}?redirect=${encodeURIComponent(back)}`}
    />
  );
}

/** The route's error as an error page: a router response, an API error (its status), anything else a 500. */
function RouteErrorView({ error, loginPath }: { error: unknown; loginPath: string }) {
  if (isRouteErrorResponse(error)) return <ErrorPageView status={error.status} message={error.statusText} />;
  if (isApiError(error) && error.status === 401)
    return <SessionRefusedView error={error} loginPath={loginPath} />;
  if (isApiError(error) && typeof error.status === 'number') {
    return <ErrorPageView status={error.status} message={error.message} />;
  }
  return <ErrorPageView status={500} message={error instanceof Error ? error.message : undefined} />;
}

/** The title of a page whose code could not be loaded while the browser is offline. */
export const OFFLINE_TITLE = 'Sin conexión a internet';
/** The text of a page whose code could not be loaded while the browser is offline. */
export const OFFLINE_TEXT =
  'No es posible acceder al servicio. Comprueba tu conexión: la página se cargará en cuanto vuelva.';

/**
 * A screen whose code could not be loaded while the browser is offline: said in words (a reload would
 * only show the browser's own error page, and lose the app), and loaded again once the connection is
 * back, or when the user asks.
 */
function WaitForConnection() {
  const navigate = useNavigate();
  const location = useLocation();
  useDocumentTitle(OFFLINE_TITLE);
  const here = location.pathname + location.search + location.hash;
  useEffect(() => {
    const retry = () => void navigate(here, { replace: true });
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [navigate, here]);
  return (
    <section className="bt-error-page" aria-labelledby="offline-title">
      <h1 id="offline-title" className="bt-error-page__text">
        {OFFLINE_TITLE}
      </h1>
      <p>{OFFLINE_TEXT}</p>
      <button
        type="button"
        className="bt-button bt-button--primary bt-button--md bt-button--plain bt-error-page__home"
        onClick={() => void navigate(here, { replace: true })}
      >
        Reintentar
      </button>
    </section>
  );
}

/** A chunk that failed to load reloads the page (once a minute), or waits for the connection. */
function chunkAction(error: unknown): ChunkErrorAction {
  return reloadOnChunkError(error, window.sessionStorage, () => window.location.reload(), {
    isOnline: window.navigator.onLine,
  });
}

/** What a route's error shows: nothing while the page reloads, the offline notice, or its error page. */
function RouteFailure({ error, loginPath = '/login' }: { error: unknown } & RouteErrorProps) {
  // The screen's data could not be asked for: offline, that is said the same way as its code.
  if (!window.navigator.onLine && isApiError(error) && error.status === 'network')
    return <WaitForConnection />;
  const action = chunkAction(error);
  if (action === 'reload') return null;
  if (action === 'wait-for-connection') return <WaitForConnection />;
  return <RouteErrorView error={error} loginPath={loginPath} />;
}

/** Errors of a screen (its loader or render), inside its layout: the header and footer stay. */
export function RouteErrorPage({ loginPath }: RouteErrorProps) {
  return <RouteFailure error={useRouteError()} loginPath={loginPath} />;
}

/** Errors of a layout itself (its guard, its chunk): the error page with the site around it. */
export function LayoutErrorPage({
  chrome: Chrome,
  loginPath,
}: { chrome: ErrorChromeComponent } & RouteErrorProps) {
  const error = useRouteError();
  return (
    <Chrome>
      <RouteFailure error={error} loginPath={loginPath} />
    </Chrome>
  );
}

/** Errors of the root itself: the error page alone, as the root's providers may be what failed. */
export function RootErrorPage({ loginPath }: RouteErrorProps) {
  const error = useRouteError();
  return (
    <main id="contenido">
      <RouteFailure error={error} loginPath={loginPath} />
    </main>
  );
}
