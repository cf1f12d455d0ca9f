/**
 * Where the workspace keeps the two things the run serves: the API server's entry (run from its
 * TypeScript sources) and the portal's production build, with the page list the build hands the server.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = (name: string) => dirname(fileURLToPath(import.meta.resolve(`${name}/package.json`)));

/** The API server's entry point. */
export const API_SERVER = join(packageDir('@botica/api'), 'src', 'server.ts');

/** The built portal (`vite build`), which the API serves on the same origin. */
export const PORTAL_DIST = join(packageDir('@botica/portal'), 'dist');

/**
 * Every page path of the portal in react-router's syntax, as its build lists them for the server
 * (which answers any other path 404): the pages a first load must find complete.
 */
export function builtPagePaths(): string[] {
  const { pages } = JSON.parse(readFileSync(join(PORTAL_DIST, '.vite', 'route-preloads.json'), 'utf8')) as {
    pages?: unknown;
  };
  if (!Array.isArray(pages) || pages.length === 0) {
    throw new Error(`the portal's build in ${PORTAL_DIST} lists no pages: build it first`);
  }
  return pages as string[];
}
