import '@botica/ui/styles.css';
import { startApp } from '@botica/app-shell';
import './backoffice.css';
import { routes } from './app/router.tsx';
import { BASENAME } from './shared/paths.ts';
import { queryClient } from './shared/query-client.ts';

startApp({ routes, basename: BASENAME, queryClient });
