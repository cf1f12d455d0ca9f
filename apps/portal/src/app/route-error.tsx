/**
 * The portal's error pages (`@botica/app-shell`'s), in the chrome of whoever is there
 * (error-chrome.tsx) and with /login as the way back of a refused session.
 */
import {
  LayoutErrorPage as ShellLayoutErrorPage,
  NotFoundPage as ShellNotFoundPage,
  RootErrorPage as ShellRootErrorPage,
  RouteErrorPage as ShellRouteErrorPage,
} from '@botica/app-shell';
import { ErrorChrome } from './error-chrome.tsx';

const LOGIN_PATH = '/login';

/** Unknown routes: the 404 page, with the site around it. */
export function NotFoundPage() {
  return <ShellNotFoundPage chrome={ErrorChrome} />;
}

/** Errors of a screen (its loader or render), inside its layout: the header and footer stay. */
export function RouteErrorPage() {
  return <ShellRouteErrorPage loginPath={LOGIN_PATH} />;
}

/** Errors of a layout itself (its guard, its chunk): the error page with the site around it. */
export function LayoutErrorPage() {
  return <ShellLayoutErrorPage chrome={ErrorChrome} loginPath={LOGIN_PATH} />;
}

/** Errors of the root itself: the error page alone, as the root's providers may be what failed. */
export function RootErrorPage() {
  return <ShellRootErrorPage loginPath={LOGIN_PATH} />;
}
