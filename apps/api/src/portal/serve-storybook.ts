/**
 * Serves the built Storybook of `@botica/ui` (packages/ui/storybook-static) at `/storybook/`, beside
 * the portal, as `npm start` does: a tool for the people who build the product, never in the
 * production bundle. Its build names its files relative to its page, so it works under any base path.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { isSpaBuild, serveSpa } from './serve-spa.ts';

/**
 * The Content-Security-Policy of Storybook's pages, looser than the portal's: its manager and its
 * preview frame set their globals in inline scripts, and the preview is framed by the manager on the
 * same origin. Still nothing from another origin.
 */
export const STORYBOOK_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "worker-src 'self' blob:",
  "frame-ancestors 'self'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** The base path Storybook is served at. */
export const STORYBOOK_BASE_PATH = '/storybook/';

/** Whether a folder holds a built Storybook (its index.html and iframe.html). */
export function isStorybookBuild(dist: string): boolean {
  return isSpaBuild(dist) && existsSync(join(dist, 'iframe.html'));
}

/** Serves the built Storybook in `dist` at `/storybook/`. */
export function registerStorybook(app: FastifyInstance, dist: string): void {
  serveSpa(app, {
    dist,
    basePath: STORYBOOK_BASE_PATH,
    csp: STORYBOOK_CSP,
    // Its manager's files and story index keep their names from one build to the next.
    fileCacheControl: 'no-cache',
    // The server's default is DENY; the manager shows each story in a frame of this origin.
    headers: { 'x-frame-options': 'SAMEORIGIN' },
  });
}
