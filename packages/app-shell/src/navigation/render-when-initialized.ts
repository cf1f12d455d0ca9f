/**
 * An app's first render, once its router has its first page (apart from app-root.tsx, which brings
 * react-router: /login's first screen starts the app without it, first-screen.tsx).
 */
import type { ReactElement } from 'react';
import type { Root } from 'react-dom/client';

/** What of an app's router its first render waits on (react-router's data router). */
interface FirstPageRouter {
  state: { initialized: boolean };
  subscribe(listener: (state: { initialized: boolean }) => void): () => void;
}

/** Resolves once the router has matched its first page and run its first loaders. */
export function whenInitialized(router: FirstPageRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/**
 * Renders an app's tree once its router has its first page. Until then the root keeps what the
 * page's HTML painted in it (the header the server paints for a session, `headerFirstPaint` of
 * @botica/app-shell/vite): React's first commit empties the root, so rendering earlier (the router
 * renders nothing before its first page) would show an empty page between the two.
 */
export function renderWhenInitialized(
  root: Root,
  { router, element }: { router: FirstPageRouter; element: ReactElement },
): void {
  void whenInitialized(router).then(() => root.render(element));
}
