import '@botica/ui/styles.css';
import { deferQueryClient, QueryClientHost, queryRouterContext } from '@botica/app-shell';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter } from './app/router.tsx';
import { onSessionEnd } from './app/session-events.ts';

// react-aria's default locale, for a control rendered outside `AriaScope`: the same hand-off as
// react-aria's `getLocalizationScript`. Set before react-aria evaluates: it comes only with lazy chunks.
(window as unknown as Record<symbol, string>)[Symbol.for('react-aria.i18n.locale')] = 'es-ES';

if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';

// The portal's one server-state cache. Made by the first loader that needs it, so /login, which
// asks the server nothing, does not load TanStack Query's core.
const queryClient = deferQueryClient();
// What one pharmacist's session read is not shown to whoever logs in next in this page.
onSessionEnd(() => queryClient.current()?.clear());

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <QueryClientHost client={queryClient}>
      <RouterProvider router={createRouter({ getContext: queryRouterContext(queryClient) })} />
    </QueryClientHost>
  </StrictMode>,
);
