import { AppRootShell } from '@botica/app-shell';
import { SCROLL_POSITIONS_STORAGE_KEY } from '@botica/domain';
import type { Location } from 'react-router';
import { appStore } from '../shared/store.ts';

/**
 * Every first page load has the key 'default': those are keyed by URL, or one page's scroll lands
 * on another.
 */
const scrollKey = (location: Location) =>
  location.key === 'default' ? location.pathname + location.search : location.key;

/**
 * Everything every page shares (`@botica/app-shell`'s root): state, routing for the components'
 * links, toasts, dialogs, and the scroll kept under the key the cookie policy lists (@botica/domain
 * COOKIES).
 */
export function RootShell() {
  return (
    <AppRootShell
      store={appStore}
      scrollRestoration={{ storageKey: SCROLL_POSITIONS_STORAGE_KEY, getKey: scrollKey }}
    />
  );
}
