/** The back office's error presentation (`@botica/app-shell`'s, in its store). */
import { createErrorReporting } from '@botica/app-shell';
import { isOnLoginPage } from './paths.ts';
import { appStore } from './store.ts';

export const { reportCallError, reportSessionRefused } = createErrorReporting({
  store: appStore,
  isOnLoginPages: () => isOnLoginPage(),
});
