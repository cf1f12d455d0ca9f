/** The back office's error pages (`@botica/app-shell`'s), in the staff's chrome, with its login page as the way back. */
import {
  LayoutErrorPage as ShellLayoutErrorPage,
  NotFoundPage as ShellNotFoundPage,
  RootErrorPage as ShellRootErrorPage,
  RouteErrorPage as ShellRouteErrorPage,
} from '@botica/app-shell';
import type { ReactNode } from 'react';
import { LOGIN_PATH } from '../shared/paths.ts';

/** Around an error outside the staff's layout: the page alone, centred. */
function PlainChrome({ children }: { children: ReactNode }) {
  return (
    <main id="contenido" className="bo-site__main" tabIndex={-1}>
      {children}
    </main>
  );
}

/** Unknown routes: the 404 page. */
export function NotFoundPage() {
  return <ShellNotFoundPage chrome={PlainChrome} />;
}

/** Errors of a screen (its data's 403, say), inside the staff's layout: the header stays. */
export function RouteErrorPage() {
  return <ShellRouteErrorPage loginPath={LOGIN_PATH} />;
}

/** Errors of the layout itself (its guard, its chunk). */
export function LayoutErrorPage() {
  return <ShellLayoutErrorPage chrome={PlainChrome} loginPath={LOGIN_PATH} />;
}

/** Errors of the root itself: the error page alone. */
export function RootErrorPage() {
  return <ShellRootErrorPage loginPath={LOGIN_PATH} />;
}
