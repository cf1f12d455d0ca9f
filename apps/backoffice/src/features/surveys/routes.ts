/** The surveys' pages: the list, the editor (new or stored) and the results of one survey. */
import type { BackofficeRoute } from '../auth/routes.ts';

export const surveyRoutes: readonly BackofficeRoute[] = [
  {
    path: 'surveys',
    module: 'src/features/surveys/surveys-route.tsx',
    guard: 'staff',
    data: (api) => [{ endpoint: api.surveys.list }],
    view: 'Encuestas',
  },
  {
    path: 'surveys/new',
    module: 'src/features/surveys/survey-editor-route.tsx',
    guard: 'admin',
    view: 'Nueva encuesta',
  },
  {
    path: 'surveys/:id',
    module: 'src/features/surveys/survey-editor-route.tsx',
    guard: 'admin',
    view: 'Encuesta',
  },
  {
    path: 'surveys/:id/results',
    module: 'src/features/surveys/survey-results-route.tsx',
    guard: 'staff',
    view: 'Resultados de la encuesta',
  },
];
