import { isApiError } from '@botica/api-client';
import { errorPage, NO_ROUTE_MESSAGE } from '@botica/domain';
import { ErrorPage } from '@botica/ui';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reloadOnChunkError } from '../features/navigation/chunk-reload.ts';
import { useDocumentTitle } from './document-title.ts';

/** The error page of spec §2 (the status code, its text, the way home) as the page's main content. */
export function ErrorPageView({
  status,
  message,
}: {
  status?: number | undefined;
  message?: string | undefined;
}) {
  useDocumentTitle(`Error ${errorPage(status, message).status}`);
  return (
    <main id="contenido">
      <ErrorPage status={status} message={message} />
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
