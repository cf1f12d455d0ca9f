import '@botica/ui/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter } from './app/router.tsx';

if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');
// A transition: React renders the first page in slices and lets the browser breathe between them,
// instead of one long task (the router's own updates are transitions already).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={createRouter()} />
    </StrictMode>,
  );
});
