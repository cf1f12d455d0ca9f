import { AppRootShell } from '@botica/app-shell';
import { appStore } from '../shared/store.ts';

/** Everything every page of the back office shares (`@botica/app-shell`'s root), under its own name in the titles. */
export function RootShell() {
  return <AppRootShell store={appStore} siteName="Botica Back office" />;
}
