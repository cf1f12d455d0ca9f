/**
 * Serves the built portal (apps/portal/dist) at `/` on the API's origin, as `npm start` does, through
 * `serveSpa`: its pages carry the session they were served to, the help chat widget and the
 * laboratory's identity, a client's pages preload their API data and the product page its photo, and
 * its CSP lets in nothing but the chat's origin.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { attribute, isSpaBuild, maintenancePage, type SpaAvailability, serveSpa } from './serve-spa.ts';

export {
  matchPath,
  type RoutePreload,
  routePreloadFor,
  withRoutePreload,
  withSessionHint,
} from './serve-spa.ts';

/**
 * The Content-Security-Policy of the portal's pages. A help chat widget's origin (`CHAT_WIDGET_URL`)
 * may run its script and load what a chat needs from its own origin (styles, images, fonts, frames,
 * its connections, `wss:` included); nothing else is let in. Every page carries it: a pharmacist
 * reaches /login/register from /login without a new page.
 */
export function portalCsp(chatWidgetUrl: string | null = null): string {
  const widget = chatWidgetUrl === null ? '' : ` ${new URL(chatWidgetUrl).origin}`;
  const widgetSocket = chatWidgetUrl === null ? '' : ` wss://${new URL(chatWidgetUrl).host}`;
  return [
    "default-src 'self'",
    // 'wasm-unsafe-eval' compiles WebAssembly (the quick order's barcode reader, our own file), and
    // nothing else: no eval of JavaScript.
    `script-src 'self'${widget} 'wasm-unsafe-eval'`,
    // react-aria positions popovers with inline style attributes.
    `style-src 'self' 'unsafe-inline'${widget}`,
    `img-src 'self' data:${widget}`,
    `connect-src 'self'${widget}${widgetSocket}`,
    `font-src 'self'${widget}`,
    ...(chatWidgetUrl === null ? [] : [`frame-src${widget}`]),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** The Content-Security-Policy of the portal's pages without a chat widget. */
export const PORTAL_CSP = portalCsp();

/**
 * What a page says about the session it was served to: a client's, another user's (the portal logs
 * it out), or none. The portal then knows without asking `GET /api/v1/user`, whose 401 every
 * anonymous first visit otherwise logged in the browser's console.
 */
export type SessionHint = 'client' | 'other' | 'none';

/** The session hint of a request (its session is loaded by auth/sessions.ts). */
export function sessionHintOf(request: FastifyRequest): SessionHint {
  const role = request.session?.user?.role;
  return role === undefined ? 'none' : role === 'client' ? 'client' : 'other';
}

/** The help chat of /login/register: its script and the cookie consent it needs (settings.ts). */
export interface ChatWidget {
  url: string;
  consent: 'none' | 'analytics' | 'marketing';
}

/**
 * index.html with `<meta name="botica-chat-widget" content="…" data-consent="…">` in its head, which
 * the portal reads to load the chat on /login/register (apps/portal features/access/chat-widget.ts).
 */
export function withChatWidget(html: string, widget: ChatWidget | null): string {
  if (widget === null || !html.includes('</head>')) return html;
  return html.replace(
    '</head>',
    `  <meta name="botica-chat-widget" content="${attribute(widget.url)}" data-consent="${widget.consent}">\n  </head>`,
  );
}

/**
 * index.html with `<meta name="botica-laboratory" content="{json}">` in its head: the laboratory's
 * identity (settings `LAB_*`), which the portal's footer and legal pages read without a request
 * (apps/portal src/laboratory.ts; `GET /api/v1/laboratory` serves the same to a portal elsewhere).
 */
export function withLaboratory(html: string, identity: object | null): string {
  if (identity === null || !html.includes('</head>')) return html;
  return html.replace(
    '</head>',
    `  <meta name="botica-laboratory" content="${attribute(JSON.stringify(identity))}">\n  </head>`,
  );
}

/** Whether a folder holds a built portal. */
export const isPortalBuild = isSpaBuild;

/**
 * The page every client route answers with 503 while the database cannot be reached or the
 * maintenance switch is on (see `maintenancePage`).
 */
export const MAINTENANCE_PAGE = maintenancePage('/');

/**
 * Whether pages may be served now: `ok`, `maintenance` (the maintenance switch is on) or
 * `unavailable` (the database does not answer).
 */
export type PortalAvailability = SpaAvailability;

export interface PortalOptions {
  /**
   * Whether pages may be served: asked before a client route's page is sent, so that while the
   * database is down (or the maintenance switch is on) a visitor gets the maintenance page with 503
   * and `Retry-After`, not a 200 shell whose every call then fails. A throw counts as `unavailable`.
   * Absent: always `ok`.
   */
  availability?: () => Promise<PortalAvailability>;
  /**
   * The largest image of a page when only the data knows it (the product page's photo): the page
   * preloads it with high priority. Null when the page has none or it is unknown.
   */
  heroImage?: (path: string) => Promise<string | null>;
  /** The help chat of /login/register, named in every page (with its origin in the CSP); none by default. */
  chatWidget?: ChatWidget | null;
  /** The laboratory's identity, named in every page (the footer, the legal pages); none by default. */
  laboratory?: object | null;
}

/** Serves the built portal in `dist` at `/` (see `serveSpa`). */
export function registerPortal(app: FastifyInstance, dist: string, options: PortalOptions = {}): void {
  const chatWidget = options.chatWidget ?? null;
  const laboratory = options.laboratory ?? null;
  serveSpa(app, {
    dist,
    basePath: '/',
    csp: portalCsp(chatWidget?.url ?? null),
    // Self-contained, it needs no chat's origin.
    maintenanceCsp: PORTAL_CSP,
    ...(options.availability ? { availability: options.availability } : {}),
    ...(options.heroImage ? { heroImage: options.heroImage } : {}),
    session: (request) => {
      const hint = sessionHintOf(request);
      // Only a client's session reads the data: anyone else's preloads would be 401s.
      return { hint, withData: hint === 'client' };
    },
    decorate: (html) => withLaboratory(withChatWidget(html, chatWidget), laboratory),
  });
}
