/** The current survey. */
import type { PortalRoute } from '../auth/routes.ts';

export const surveyRoutes: readonly PortalRoute[] = [
  {
    path: 'encuestas',
    module: 'src/features/survey/survey-route.tsx',
    guard: 'client',
    data: (api) => [{ endpoint: api.survey.current }],
    view: 'Te escuchamos',
  },
];
