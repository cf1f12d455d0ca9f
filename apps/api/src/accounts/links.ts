/** Links to the portal in e-mails: the portal's origin and the password page's link with its secret. */
import type { FastifyRequest } from 'fastify';
import type { Settings } from '../settings/settings.ts';

/**
 * The portal's origin for a link in an e-mail: `PORTAL_URL`, or (development only, without real
 * mail: settings refuse `SMTP_URL` without `PORTAL_URL`) the origin the request came to.
 */
export function portalOrigin(settings: Settings, request: FastifyRequest): string {
  return settings.portalUrl || `${request.protocol}://${request.host}`;
}

/** The reset page's link with its secret. */
export function resetLink(origin: string, secret: string): string {
  return `${origin}/login/reset_password?secret=${encodeURIComponent(secret)}`;
}
