import { isApiError } from '@botica/api-client';
import { errorPage, LINK_HOME_TEXT, NO_ROUTE_MESSAGE } from '@botica/domain';
import { Link } from '@botica/ui';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reloadOnChunkError } from '../features/navigation/chunk-reload.ts';
import { useDocumentTitle } from './document-title.ts';
import './route-error.css';

/** The error page of spec §2: the status code, its text, and the way home. */
export function ErrorPageView({
  status,
  message,
}: {
  status?: number | undefined;
  message?: string | undefined;
}) {
  const page = errorPage(status, message);
  useDocumentTitle(`Error ${page.status}`);
  return (
    <main className="error-page" id="contenido">
      <p className="error-page__code" aria-hidden="true">
        {page.status}
      </p>
      <h1 className="error-page__title">
        <span className="bt-visually-hidden">Error {page.status}: </span>
        {page.text}
      </h1>
      <Link href="/" variant="primary">
        {LINK_HOME_TEXT}
      </Link>
    </main>
  );
}

/** Unknown routes: the 404 page. */
export function NotFoundPage() {
  return <ErrorPageView status={404} message={NO_ROUTE_MESSAGE} />;
}

/** Errors thrown by loaders and screens; a chunk that failed to load reloads the page (once a minute). */
export function RouteErrorPage() {
  const error = useRouteError();
  if (reloadOnChunkError(error, window.sessionStorage, () => window.location.reload())) return null;
  if (isRouteErrorResponse(error)) return <ErrorPageView status={error.status} message={error.statusText} />;
  if (isApiError(error) && typeof error.status === 'number') {
    return <ErrorPageView status={error.status} message={error.message} />;
  }
  return <ErrorPageView status={500} message={error instanceof Error ? error.message : undefined} />;
}
