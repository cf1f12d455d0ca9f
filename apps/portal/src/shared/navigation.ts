/**
 * The portal's navigation, defined once: the header's menu and actions, the account sections, the
 * training sub-menu and the footer's policy pages. `@botica/ui`'s chrome knows no route; the layouts
 * pass these.
 */
import type { NavItem } from '@botica/ui';

/** The addresses the header, the mini cart and the empty cart link to. */
export const PORTAL_PATHS = {
  home: '/',
  catalog: '/catalog',
  cart: '/cart',
  account: '/account',
  login: '/login',
} as const;

/** The header's menu for a logged-in pharmacist. */
export const CLIENT_MENU: readonly NavItem[] = [
  { label: 'Catálogo de Productos', href: '/catalog' },
  { label: 'Pedido rápido', href: '/pedido-rapido' },
  { label: 'Formación / Noticias', href: '/formacion' },
  { label: 'Te escuchamos', href: '/encuestas' },
];

/** The header's menu for anyone else (the training area without a session). */
export const PUBLIC_MENU: readonly NavItem[] = [{ label: 'Formación / Noticias', href: '/formacion' }];

/** The account area's sections, in order; permissions.ts leaves out those a user may not open. */
export const ACCOUNT_SECTIONS: readonly NavItem[] = [
  { label: 'EQUIPO COMERCIAL', href: '/account' },
  { label: 'PEDIDOS WEB', href: '/account/orders' },
  { label: 'ENVIOS', href: '/account/erp-shipments' },
  { label: 'MIS FACTURAS', href: '/account/invoices' },
  { label: 'MIS DATOS', href: '/account/myaccount' },
  { label: 'MIS USUARIOS', href: '/account/users' },
];

/**
 * The training sub-menu: 'Agenda Webinars' and 'Noticias' for everyone; 'Material Científico' and
 * 'Histórico Webinars' when logged in; 'Newsletter' when logged in and switched on.
 */
export function trainingMenuItems(isLoggedIn: boolean, showNewsletter = false): NavItem[] {
  return [
    { label: 'Agenda Webinars', href: '/formacion/agenda-webinars' },
    { label: 'Noticias', href: '/formacion/noticias' },
    ...(isLoggedIn
      ? [
          { label: 'Material Científico', href: '/formacion/materiales' },
          { label: 'Histórico Webinars', href: '/formacion/historico-webinars' },
        ]
      : []),
    ...(isLoggedIn && showNewsletter ? [{ label: 'Newsletter', href: '/formacion/newsletters' }] : []),
  ];
}

/** The policy pages, in the footer (new tab). */
export const POLICY_LINKS: readonly NavItem[] = [
  { label: 'Aviso legal', href: '/aviso-legal' },
  { label: 'Política de cookies', href: '/politica-de-cookies' },
  { label: 'Política de privacidad', href: '/politica-de-privacidad' },
];

/** The cookie policy: the consent dialog links to it. */
export const COOKIE_POLICY_HREF = '/politica-de-cookies';
