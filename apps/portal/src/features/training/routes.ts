/**
 * Training (and the news beside it): public pages for anyone, the rest behind the client guard,
 * under the section's sub-menu. The app's layout around them asks the session and wears the
 * chrome of whoever is there.
 */
import type { PortalRoute } from '../auth/routes.ts';
import { newsRoutes } from '../news/routes.ts';

export const trainingRoutes: readonly PortalRoute[] = [
  {
    path: 'formacion',
    module: 'src/features/training/training-layout.tsx',
    children: [
      {
        // A page's error shows under the sub-menu (the router's parts for this id).
        id: 'formacion-pages',
        children: [
          {
            index: true,
            module: 'src/features/training/training-home-route.tsx',
            guard: 'public',
            view: 'Formación',
          },
          {
            path: 'agenda-webinars/:id?',
            module: 'src/features/training/webinars-route.tsx',
            guard: 'public',
            view: 'Agenda Webinars',
          },
          {
            path: 'historico-webinars',
            module: 'src/features/training/webinar-history-route.tsx',
            guard: 'client',
            view: 'Histórico Webinars',
          },
          {
            path: 'materiales',
            module: 'src/features/training/materials-route.tsx',
            guard: 'client',
            view: 'Material Científico',
          },
          {
            path: 'newsletters',
            module: 'src/features/training/newsletters-route.tsx',
            guard: 'client',
            view: 'Newsletters',
          },
          ...newsRoutes,
        ],
      },
    ],
  },
];
