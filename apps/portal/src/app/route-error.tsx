import { isApiError } from '@botica/api-client';
import { errorPage, NO_ROUTE_MESSAGE } from '@botica/domain';
import { ErrorPage } from '@botica/ui';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reloadOnChunkError } from '../features/navigation/chunk-reload.ts';
import { useDocumentTitle } from './document-title.ts';
import { ErrorChrome } from './error-chrome.tsx';

/** The error page of spec §2 (the status code, its text, the way home) as the page's content. */
export function ErrorPageView({
  status,
  message,
}: {
  status?: number | undefined;
  message?: string | undefined;
}) {
  useDocumentTitle(`Error ${errorPage(status, message).status}`);
  return <ErrorPage status={status} message={message} />;
}

/** Unknown routes: the 404 page, with the site around it. */
export function NotFoundPage() {
  return (
    <ErrorChrome>
      <ErrorPageView status={404} message={NO_ROUTE_MESSAGE} />
    </ErrorChrome>
  );
}

/** The route's error as an error page: a router response, an API error (its status), anything else a 500. */
function RouteErrorView({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error)) return <ErrorPageView status={error.status} message={error.statusText} />;
  if (isApiError(error) && typeof error.status === 'number') {
    return <ErrorPageView status={error.status} message={error.message} />;
  }
  return <ErrorPageView status={500} message={error instanceof Error ? error.message : undefined} />;
}

/** A chunk that failed to load reloads the page (once a minute): nothing to show meanwhile. */
function isReloading(error: unknown): boolean {
  return reloadOnChunkError(error, window.sessionStorage, () => window.location.reload());
}

/** Errors of a screen (its loader or render), inside its layout: the header and footer stay. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isReloading(error)) return null;
  return <RouteErrorView error={error} />;
}

/** Errors of a layout itself (its guard, its chunk): the error page with the site around it. */
export function LayoutErrorPage() {
  const error = useRouteError();
  if (isReloading(error)) return null;
  return (
    <ErrorChrome>
      <RouteErrorView error={error} />
    </ErrorChrome>
  );
}

/** Errors of the root itself: the error page alone, as the root's providers may be what failed. */
export function RootErrorPage() {
  const error = useRouteError();
  if (isReloading(error)) return null;
  return (
    <main id="contenido">
      <RouteErrorView error={error} />
    </main>
  );
}
