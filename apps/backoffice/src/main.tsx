import '@botica/ui/styles.css';
import { QueryClientHost, queryRouterContext } from '@botica/app-shell';
import './backoffice.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter } from './app/router.tsx';
import { queryClient } from './shared/query-client.ts';

// react-aria's default locale, for a control rendered outside `AriaScope`.
(window as unknown as Record<symbol, string>)[Symbol.for('react-aria.i18n.locale')] = 'es-ES';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <QueryClientHost client={queryClient}>
      <RouterProvider router={createRouter({ getContext: queryRouterContext(queryClient) })} />
    </QueryClientHost>
  </StrictMode>,
);
