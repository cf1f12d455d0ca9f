/**
 * The portal's navigation as the stories' demo data: the library itself knows no route, the portal
 * passes these to the chrome. Not part of the public API.
 */
import type { NavItem } from './nav-links.tsx';

/** The portal's addresses the header and the cart link to. */
export const portalPaths = {
  home: '/',
  catalog: '/catalog',
  cart: '/cart',
  account: '/account',
  login: '/login',
} as const;

/** The header's menu for a logged-in pharmacist. */
export const clientMenu: readonly NavItem[] = [
  { label: 'Catálogo de Productos', href: '/catalog' },
  { label: 'Formación / Noticias', href: '/formacion' },
  { label: 'Te escuchamos', href: '/encuestas' },
];

/** The header's menu without a session. */
export const publicMenu: readonly NavItem[] = [{ label: 'Formación / Noticias', href: '/formacion' }];

/** The account area's sections. */
export const accountSections: readonly NavItem[] = [
  { label: 'EQUIPO COMERCIAL', href: '/account' },
  { label: 'PEDIDOS WEB', href: '/account/orders' },
  { label: 'ENVIOS', href: '/account/erp-shipments' },
  { label: 'MIS FACTURAS', href: '/account/invoices' },
  { label: 'MIS DATOS', href: '/account/myaccount' },
  { label: 'MIS USUARIOS', href: '/account/users' },
];

/** The training sub-menu without a session. */
export const publicTrainingMenu: readonly NavItem[] = [
  { label: 'Agenda Webinars', href: '/formacion/agenda-webinars' },
  { label: 'Noticias', href: '/formacion/noticias' },
];

/** The training sub-menu for a logged-in pharmacist. */
export const clientTrainingMenu: readonly NavItem[] = [
  ...publicTrainingMenu,
  { label: 'Material Científico', href: '/formacion/materiales' },
  { label: 'Histórico Webinars', href: '/formacion/historico-webinars' },
];

/** The footer's policy pages. */
export const policyLinks: readonly NavItem[] = [
  { label: 'Aviso legal', href: '/aviso-legal' },
  { label: 'Política de cookies', href: '/politica-de-cookies' },
  { label: 'Política de privacidad', href: '/politica-de-privacidad' },
];
