/** Links to the portal in e-mails, and the even timing of the access answers. */
import { setTimeout as sleep } from 'node:timers/promises';
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

/**
 * Waits until `floorMs` have passed since `startedAt` (a `performance.now()`): an access answer then
 * takes the same time whether its work found a user or not, as long as the work is faster than it.
 */
export async function answerNoSoonerThan(startedAt: number, floorMs: number): Promise<void> {
  const left = floorMs - (performance.now() - startedAt);
  if (left > 0) await sleep(left);
}
