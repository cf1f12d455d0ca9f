/**
 * Who a request is: the logged-in user as the routes need it, and the request's session. Apart from
 * the session layer (sessions.ts) so that what keeps sessions (session-cache.ts) and every module's
 * routes name them without importing the layer.
 */
/** The logged-in user as the routes need it. */
export interface SessionUser {
  id: number;
  username: string;
  name: string;
  email: string | null;
  role: 'client' | 'sales_rep' | 'admin';
  clientId: number | null;
  clientName: string | null;
  isSubUser: boolean;
  /** May send the cart as an order (always true for a main user). */
  canSendOrders: boolean;
  /** May see invoices and refunds (always true for a main user). */
  canViewInvoices: boolean;
  /** A sales rep's row in `sales_reps` (his pharmacies are those it is the rep of); null for others. */
  salesRepId: number | null;
}

/** The session of a request: a stored one (with a user), or an anonymous visitor's stateless one. */
export interface RequestSession {
  /** The stored session's id (the SHA-256 of its cookie); null for an anonymous visitor's. */
  id: string | null;
  csrfToken: string;
  /** The user; null for an anonymous visitor (and for the anonymous rows older versions stored). */
  user: SessionUser | null;
  /** An anonymous visitor's: when its cookie was handed out (ms since the epoch). */
  issuedAt?: number;
}
