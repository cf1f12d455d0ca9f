/** Every page of the back office, below its base path: the server answers any other path 404. */
import { pagePaths } from '@botica/app-shell';
import { BACKOFFICE_ROUTES } from './routes.ts';

export const PAGE_PATHS: readonly string[] = pagePaths(BACKOFFICE_ROUTES);
