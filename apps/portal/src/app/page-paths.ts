/**
 * Every page of the portal, in react-router's syntax (router.tsx builds these routes; a test keeps
 * the two the same). The build hands the list to the server (vite-plugins.ts), which answers any
 * other path with the SPA's 404 page and a real 404 status.
 */
export const PAGE_PATHS = [
  '/',
  '/login',
  '/login/register',
  '/login/recovery',
  '/login/reset_password',
  '/login/notification',
  '/catalog',
  '/products/:id?',
  '/cart',
  '/pedido-enviado',
  '/account',
  '/account/orders',
  '/account/erp-shipments',
  '/account/invoices',
  '/account/myaccount',
  '/account/users',
  '/aviso-legal',
  '/politica-de-cookies',
  '/politica-de-privacidad',
] as const;
