/**
 * The back office's route table, composed from the features' manifests: the login page, the staff's
 * layout around their screens, and the 404. Data only: router.tsx binds it to modules, guards and
 * layouts; the build derives the server's page list and preloads from it (vite.config.ts).
 */

import { auditRoutes } from '../features/audit/routes.ts';
import { authRoutes, type BackofficeRoute } from '../features/auth/routes.ts';
import { catalogueRoutes } from '../features/catalogue/routes.ts';
import { configurationRoutes } from '../features/configuration/routes.ts';
import { contentRoutes } from '../features/content/routes.ts';
import { dashboardRoutes } from '../features/dashboard/routes.ts';
import { integrationRoutes } from '../features/integration/routes.ts';
import { newsRoutes } from '../features/news/routes.ts';
import { orderRoutes } from '../features/orders/routes.ts';
import { pharmacyRoutes } from '../features/pharmacies/routes.ts';
import { pictureRoutes } from '../features/pictures/routes.ts';
import { registrationRoutes } from '../features/registrations/routes.ts';
import { surveyRoutes } from '../features/surveys/routes.ts';
import { trainingRoutes } from '../features/training/routes.ts';
import { webhookRoutes } from '../features/webhooks/routes.ts';
import { wholesalerRoutes } from '../features/wholesalers/routes.ts';

export const BACKOFFICE_ROUTES: readonly BackofficeRoute[] = [
  {
    id: 'root',
    children: [
      ...authRoutes,
      {
        // The staff's layout and the session module its guard needs: lazy (router.tsx), named here so
        // that every staff page preloads them.
        id: 'staff',
        module: 'src/app/staff-layout.tsx',
        hasHeader: true,
        needs: ['src/features/auth/session.ts'],
        children: [
          {
            id: 'staff-pages',
            children: [
              ...dashboardRoutes,
              ...orderRoutes,
              ...pharmacyRoutes,
              ...wholesalerRoutes,
              ...catalogueRoutes,
              ...registrationRoutes,
              ...surveyRoutes,
              ...trainingRoutes,
              ...contentRoutes,
              ...auditRoutes,
              ...configurationRoutes,
              ...pictureRoutes,
              ...newsRoutes,
              ...integrationRoutes,
              ...webhookRoutes,
            ],
          },
        ],
      },
      { id: 'not-found', path: '*' },
    ],
  },
];
