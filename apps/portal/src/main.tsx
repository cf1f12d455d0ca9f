import '@botica/ui/styles.css';
import { startApp } from '@botica/app-shell';
import './portal.css';
import { routes } from './app/router.tsx';
import { queryClient } from './shared/query-client.ts';

if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';

startApp({ routes, queryClient });
