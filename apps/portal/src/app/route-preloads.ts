/**
 * What the first visit of each client route needs at once, named in its page by the server so the
 * browser fetches it together with the entry instead of after running it (vite.config.ts writes it
 * into the build; apps/api serve-portal adds the links):
 * - `modules`: what router.tsx loads lazily (the layout, the session and the screen);
 * - `data`: the API GETs its first render waits for or starts at mount, exactly as the API client
 *   requests them (`:id` comes from the page's path).
 */
import { toSearchParams } from '@botica/api-client';
import {
  auth,
  cart,
  catalogue,
  configurations,
  type Endpoint,
  messages,
  routerPath,
  showcase,
  survey,
} from '@botica/api-client/endpoints';

export interface RoutePreloadSource {
  modules: readonly string[];
  data: readonly string[];
}

/** A GET endpoint's URL as the client requests it, its ids named as in the page's path (`:id`). */
function get(endpoint: Endpoint, query?: Parameters<typeof toSearchParams>[0]): string {
  const search = query ? `?${toSearchParams(query)}` : '';
  return `${routerPath(endpoint.path)}${search}`;
}

const CLIENT_MODULES = ['src/app/layouts/default-layout.tsx', 'src/features/auth/session.ts'];
// The route guard's user, and the cart the layout loads on every client screen.
const CLIENT_DATA = [get(auth.user), get(configurations.list, { per_page: 500 }), get(cart.get)];

const ACCOUNT_LAYOUT = 'src/features/account/account-layout.tsx';
const ACCOUNT_PAGES: readonly (readonly [string, string])[] = [
  ['/account', 'src/features/account/sales-team/sales-team-route.tsx'],
  ['/account/orders', 'src/features/account/orders/orders-route.tsx'],
  ['/account/erp-shipments', 'src/features/account/shipments/shipments-route.tsx'],
  ['/account/invoices', 'src/features/account/invoices/invoices-route.tsx'],
  ['/account/myaccount', 'src/features/account/my-account/my-account-route.tsx'],
  ['/account/users', 'src/features/account/users/users-route.tsx'],
];

const LEGAL_MODULE = 'src/features/legal/legal-routes.tsx';
function trainingPreloads(pages: Record<string, string>): Record<string, RoutePreloadSource> {
  return Object.fromEntries(
    Object.entries(pages).map(([path, module]) => [
      path,
      {
        // Not the client layout: most first visits here are anonymous, who never load it.
        modules: ['src/features/auth/session.ts', 'src/features/training/training-layout.tsx', module],
        data: CLIENT_DATA,
      },
    ]),
  );
}

/** By path, in react-router's syntax. */
export const ROUTE_PRELOADS: Record<string, RoutePreloadSource> = {
  // The access pages: anonymous, so their screen alone (with the API client it imports), no data.
  '/login/register': { modules: ['src/features/access/register-route.tsx'], data: [] },
  '/login/recovery': { modules: ['src/features/access/recovery-route.tsx'], data: [] },
  '/login/reset_password': { modules: ['src/features/access/reset-password-route.tsx'], data: [] },
  '/login/notification': { modules: ['src/features/access/notification-route.tsx'], data: [] },
  '/': {
    modules: [...CLIENT_MODULES, 'src/features/home/home-route.tsx'],
    data: [...CLIENT_DATA, get(showcase.get), get(messages.list)],
  },
  '/catalog': {
    modules: [...CLIENT_MODULES, 'src/features/catalog/catalog-route.tsx'],
    // The results are a POST, which cannot be preloaded; the GET of the CSRF cookie that precedes
    // every POST can, and the filters' data.
    data: [...CLIENT_DATA, get(catalogue.categories), get(catalogue.priceRange), get(auth.csrfCookie)],
  },
  '/products/:id?': {
    modules: [...CLIENT_MODULES, 'src/features/product/product-route.tsx'],
    data: [...CLIENT_DATA, get(catalogue.product), get(catalogue.volumeRules)],
  },
  '/cart': {
    modules: [...CLIENT_MODULES, 'src/features/cart/cart-route.tsx'],
    data: CLIENT_DATA,
  },
  '/pedido-enviado': {
    modules: [...CLIENT_MODULES, 'src/features/cart/order-sent-route.tsx'],
    data: CLIENT_DATA,
  },
  '/encuestas': {
    modules: [...CLIENT_MODULES, 'src/features/survey/survey-route.tsx'],
    data: [...CLIENT_DATA, get(survey.current)],
  },
  '/mensajes/:id': {
    modules: [...CLIENT_MODULES, 'src/features/messages/message-route.tsx'],
    data: [...CLIENT_DATA, get(messages.get)],
  },
  // The account pages: the account layout and the page; their data is the client's, whose
  // id comes from the session, not the path.
  ...Object.fromEntries(
    ACCOUNT_PAGES.map(([path, module]) => [
      path,
      { modules: [...CLIENT_MODULES, ACCOUNT_LAYOUT, module], data: CLIENT_DATA },
    ]),
  ),
  // The legal pages ask the server nothing: anyone may read them.
  '/aviso-legal': { modules: [LEGAL_MODULE], data: [] },
  '/politica-de-cookies': { modules: [LEGAL_MODULE], data: [] },
  '/politica-de-privacidad': { modules: [LEGAL_MODULE], data: [] },
  // Training and news: the session, the layout and the page.
  ...trainingPreloads({
    '/formacion': 'src/features/training/training-home-route.tsx',
    '/formacion/agenda-webinars/:id?': 'src/features/training/webinars-route.tsx',
    '/formacion/historico-webinars': 'src/features/training/webinar-history-route.tsx',
    '/formacion/materiales': 'src/features/training/materials-route.tsx',
    '/formacion/newsletters': 'src/features/training/newsletters-route.tsx',
    '/formacion/noticias/:id?': 'src/features/news/news-route.tsx',
  }),
};
