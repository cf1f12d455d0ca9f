/**
 * The back office's error pages (`@botica/app-shell`'s), in the staff's chrome (without the menu for
 * anyone who is not staff), with its login page as the way back of a refused session. The chrome is
 * the staff layout's module, which the first load leaves out: an error page waits for it.
 */
import {
  LayoutErrorPage as ShellLayoutErrorPage,
  NotFoundPage as ShellNotFoundPage,
  RootErrorPage as ShellRootErrorPage,
  RouteErrorPage as ShellRouteErrorPage,
} from '@botica/app-shell';
import { lazy, type ReactNode, Suspense } from 'react';
import { LOGIN_PATH } from '../shared/paths.ts';

const LazyStaffChrome = lazy(async () => ({ default: (await import('./staff-layout.tsx')).StaffChrome }));

/** The staff's chrome once its module is in (at once when a staff page has loaded it). */
function StaffChrome({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <LazyStaffChrome>{children}</LazyStaffChrome>
    </Suspense>
  );
}

/** Unknown routes: the 404 page in the staff's chrome, with the way home. */
export function NotFoundPage() {
  return <ShellNotFoundPage chrome={StaffChrome} />;
}

/** Errors of a screen (its data's 403, a section of another role, its chunk), inside the staff's layout. */
export function RouteErrorPage() {
  return <ShellRouteErrorPage loginPath={LOGIN_PATH} />;
}

/** Errors of the layout itself (its guard, its chunk): the error page in the staff's chrome. */
export function LayoutErrorPage() {
  return <ShellLayoutErrorPage chrome={StaffChrome} loginPath={LOGIN_PATH} />;
}

/** Errors of the root itself: the error page alone, as the root's providers may be what failed. */
export function RootErrorPage() {
  return <ShellRootErrorPage loginPath={LOGIN_PATH} />;
}
