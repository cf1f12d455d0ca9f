import '@botica/ui/styles.css';
import { QueryClientHost, queryRouterContext } from '@botica/app-shell';
import './portal.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter } from './app/router.tsx';
import { queryClient } from './shared/query-client.ts';

// react-aria's default locale, for a control rendered outside `AriaScope`: the same hand-off as
// react-aria's `getLocalizationScript`. Set before react-aria evaluates: it comes only with lazy chunks.
(window as unknown as Record<symbol, string>)[Symbol.for('react-aria.i18n.locale')] = 'es-ES';

if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <QueryClientHost client={queryClient}>
      <RouterProvider router={createRouter({ getContext: queryRouterContext(queryClient) })} />
    </QueryClientHost>
  </StrictMode>,
);
