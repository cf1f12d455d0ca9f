/**
 * The portal's error presentation (`@botica/app-shell`'s, in the portal's store): screens call
 * `reportCallError` for failures they do not handle themselves. On the login pages a 401 is expected.
 */
import { createErrorReporting } from '@botica/app-shell';
import { appStore } from './store.ts';

export const { reportCallError, reportSessionRefused } = createErrorReporting({
  store: appStore,
  isOnLoginPages: () => window.location.pathname.startsWith('/login'),
});
