/**
 * The start of an app whose most visited first page is painted before its router: the page is
 * rendered by React alone, and the router (react-router's data router, the route table, the root
 * shell: about a third of the first load) loads once the page has loaded and is idle, at the
 * visitor's first key or pointer press at the latest, or when the page asks for it (a form sent).
 * The router then takes the page over: it renders the same page again, in the same root, and what
 * the visitor had done (the text typed, the focus and caret, the scroll) is put back in the same
 * task (navigation/hand-over.ts). Any other page waits for the router, as with `startApp`
 * (docs/decisions/028).
 */
import { type ReactNode, StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { AppTree } from './app-root.tsx';
import { setAriaLocale } from './navigation/aria-locale.ts';
import { reloadOnChunkError } from './navigation/chunk-reload.ts';
import { restorePage, snapshotPage } from './navigation/hand-over.ts';
import { renderWhenInitialized, whenInitialized } from './navigation/render-when-initialized.ts';
import { whenIdle } from './navigation/when-idle.ts';

/** A page painted before the router. */
export interface FirstScreen {
  /** Its path, inside the origin ('/login'), whatever the query; a trailing slash is the same page. */
  path: string;
  /**
   * The page, without the router: the same markup as the router's page, so that nothing moves when
   * the router takes it over, and its fields uncontrolled (or their state kept outside it).
   * `handOver` loads the router now and resolves once it has the page (it rejects when its code
   * could not be loaded): for what only the router's page can do, such as sending a form.
   */
  render: (handOver: () => Promise<void>) => ReactNode;
}

/** What {@link startAppAfterFirstScreen} needs of its app. */
export interface StartAppAfterFirstScreenOptions {
  firstScreen: FirstScreen;
  /** Loads the app's router and tree (`appTree` in a lazily loaded module of the app). */
  loadApp: () => Promise<Pick<AppTree, 'router' | 'element'>>;
  /** The element the app renders into. @default document.getElementById('root') */
  container?: Element | null | undefined;
}

const isPage = (path: string) => {
  const current = window.location.pathname.replace(/(.)\/$/, '$1');
  return current === path;
};

/** A failed load of the app's code: a new deployment reloads the page (chunk-reload.ts). */
function reloadIfStale(error: unknown): void {
  reloadOnChunkError(error, window.sessionStorage, () => window.location.reload(), {
    isOnline: navigator.onLine,
  });
}

/**
 * Starts an app in the page, painting `firstScreen` at once on its own path and handing it over to
 * the router afterwards; on any other path, renders the router as soon as its code is in.
 * @example startAppAfterFirstScreen({ firstScreen: { path: '/login', render: (handOver) => <LoginFirstScreen handOver={handOver} /> }, loadApp: async () => (await import('./app/app.tsx')).portalApp() });
 */
export function startAppAfterFirstScreen({
  firstScreen,
  loadApp,
  container = document.getElementById('root'),
}: StartAppAfterFirstScreenOptions): void {
  setAriaLocale();
  if (container === null) throw new Error('the page has no element for the app (#root)');
  const root = createRoot(container);
  if (!isPage(firstScreen.path)) {
    loadApp().then(
      (tree) => renderWhenInitialized(root, tree),
      (error: unknown) => {
        reloadIfStale(error);
        throw error;
      },
    );
    return;
  }

  // The first key or pointer press hands over at once: the visitor is about to need the router.
  const options = { capture: true, once: true } as const;
  const waitForTheVisitor = () => {
    window.addEventListener('keydown', handOverQuietly, options);
    window.addEventListener('pointerdown', handOverQuietly, options);
  };
  // Otherwise once the page has loaded (its first load then holds the first screen alone) and is idle.
  let cancelIdle = () => {};
  const afterLoad = () => {
    cancelIdle = whenIdle(handOverQuietly);
  };

  let handedOver: Promise<void> | undefined;
  const handOver = (): Promise<void> => {
    window.removeEventListener('keydown', handOverQuietly, options);
    window.removeEventListener('pointerdown', handOverQuietly, options);
    window.removeEventListener('load', afterLoad);
    cancelIdle();
    handedOver ??= loadApp().then(
      async ({ router, element }) => {
        await whenInitialized(router);
        const snapshot = snapshotPage(container);
        // Synchronously, and put back in the same task: no key can land between the two pages, and
        // no frame shows the new one without what the visitor had typed.
        flushSync(() => root.render(element));
        restorePage(container, snapshot);
      },
      (error: unknown) => {
        // Tried again at the next key, press or submit.
        handedOver = undefined;
        waitForTheVisitor();
        throw error;
      },
    );
    return handedOver;
  };
  function handOverQuietly() {
    handOver().catch(() => undefined);
  }

  waitForTheVisitor();
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  root.render(<StrictMode>{firstScreen.render(handOver)}</StrictMode>);
}
