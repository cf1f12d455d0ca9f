/**
 * The portal's route table, composed from the features' manifests inside the app's frames: the
 * shell, the access pages' layout, the client layout, the legal pages' layout, the layout of the
 * pages open to anyone in the chrome of whoever is there, and the 404. Data
 * only, and without the endpoint definitions (the features name them in functions of them), so
 * the first load stays small: router.tsx binds it to the modules, guards and layouts; the build
 * derives from it the page list and the preloads it hands the server (vite.config.ts), and checks
 * the route modules' budgets (scripts/check-bundle.ts).
 */
import { accessRoutes } from '../features/access/routes.ts';
import { accountRoutes } from '../features/account/routes.ts';
import { authRoutes, type PortalRoute, SESSION_MODULE, sessionData } from '../features/auth/routes.ts';
import { cartRoutes } from '../features/cart/routes.ts';
import { catalogRoutes } from '../features/catalog/routes.ts';
import { homeRoutes } from '../features/home/routes.ts';
import { legalRoutes } from '../features/legal/routes.ts';
import { messageRoutes } from '../features/messages/routes.ts';
import { productRoutes } from '../features/product/routes.ts';
import { quickOrderRoutes } from '../features/quick-order/routes.ts';
import { surveyRoutes } from '../features/survey/routes.ts';
import { trainingRoutes } from '../features/training/routes.ts';
import { usualProductsRoutes } from '../features/usual-products/routes.ts';

export const PORTAL_ROUTES: readonly PortalRoute[] = [
  {
    id: 'root',
    children: [
      // /login (the first load) and the access pages beside it.
      { id: 'auth-layout', children: [...authRoutes, ...accessRoutes] },
      {
        // The logged-in screens: the client layout, behind the client guard (the session module).
        // router.tsx loads it through client-layout.ts, which the error pages share.
        id: 'client',
        module: 'src/app/layouts/default-layout.tsx',
        hasHeader: true,
        needs: [SESSION_MODULE],
        data: sessionData,
        children: [
          {
            // A screen's error (a 403 or 404 of its data, say) shows inside the layout, header and all.
            id: 'client-pages',
            children: [
              ...homeRoutes,
              ...catalogRoutes,
              ...productRoutes,
              ...cartRoutes,
              ...quickOrderRoutes,
              ...surveyRoutes,
              ...messageRoutes,
              ...accountRoutes,
              ...usualProductsRoutes,
            ],
          },
        ],
      },
      // The legal pages, for anonymous visitors and pharmacists alike.
      { id: 'policy-layout', children: legalRoutes },
      {
        // Training and the news, for anyone: the client chrome for a pharmacist, else the public one.
        // Its loader asks the session, so every first visit loads the session module and preloads its
        // data; the client layout only for a pharmacist (most first visits here are anonymous).
        id: 'visitor-layout',
        module: 'src/app/layouts/visitor-layout.tsx',
        // The client's header for a pharmacist, whom alone the server paints it for.
        hasHeader: true,
        needs: [SESSION_MODULE],
        data: sessionData,
        children: trainingRoutes,
      },
      { id: 'not-found', path: '*' },
    ],
  },
];
