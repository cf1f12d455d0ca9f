/**
 * @botica/app-shell/vite: the apps' shared build step, for their `vite.config.ts` (Node only): the
 * page list and each client route's preloads that the API's SPA server reads from a build, derived
 * from the app's route manifests (`pagePaths`, `pagePreloads`).
 * @packageDocumentation
 */
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { headerFirstPaint } from './header-first-paint.ts';

export { headerFirstPaint };

/** What the server adds to index.html for one client route (the API's SPA server reads it). */
export interface RoutePreload {
  /** The route's path in react-router's syntax: `/catalog`, `/products/:id?`. */
  path: string;
  /** API GETs to start at once: `<link rel="preload" as="fetch">`, `:param`s filled from the path. */
  fetches: string[];
  /** JavaScript chunks the route needs beyond the entry's: `<link rel="modulepreload">`. */
  scripts: string[];
  /** Their stylesheets: `<link rel="stylesheet">`, as the route's chunk would add them. */
  styles: string[];
  /** Its layout starts with the app's header: the page paints it first for a session with data. */
  hasHeader: boolean;
}

/** What the build tells the server beyond the routes' preloads. */
export interface RoutePreloadsOptions {
  /**
   * The lab's name in the app's header (`AppHeader`'s `labName`): the pages of the routes with a
   * header paint it from their HTML ({@link headerFirstPaint}). Absent: no first paint.
   */
  headerLabName?: string;
}

/**
 * The shell's module that makes an app's query client (query/create-query-client.ts). The client is
 * deferred (query/deferred-query-client.ts): a loader that reads the server awaits it first, so a page
 * whose first render waits for data waits for this module's chunk too, though none of its route
 * modules imports it.
 */
const QUERY_CLIENT_MODULE = /[\\/]app-shell[\\/]src[\\/]query[\\/]create-query-client\.ts$/;

/** Where the build writes the route preloads, beside Vite's manifest. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/**
 * Writes, for each client route, the lazy chunks (and their CSS) and the API data its first load
 * needs, so the server can name them in the page and the browser fetches them with the entry
 * instead of after running it; a route with data, the query client's chunk too. Modules are given
 * in source form (`src/features/home/home-route.tsx`). Beside them, `pages`: every page path of the
 * app, so the server answers any other path 404.
 */
export function routePreloads(
  routes: Record<string, { modules: readonly string[]; data: readonly string[]; hasHeader?: boolean }>,
  pages: readonly string[],
  { headerLabName }: RoutePreloadsOptions = {},
): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'botica:route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    // After Vite's own steps: its CSS step removes the chunks that held only styles (the stylesheet is
    // one file, vite.config.ts), and a list made before that named files that are never written.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        // The chunk that holds a module (its own, or a group the build config gathers it into).
        const byModule = new Map(
          chunks.flatMap((chunk) => chunk.moduleIds.map((id) => [id, chunk] as const)),
        );
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (fileNames: Iterable<string>) => {
          const seen = new Set<string>();
          const visit = (fileName: string) => {
            if (seen.has(fileName)) return;
            seen.add(fileName);
            for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
          };
          for (const fileName of fileNames) visit(fileName);
          return seen;
        };
        const entry = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
        const queryClientChunk = chunks.find((chunk) =>
          chunk.moduleIds.some((id) => QUERY_CLIENT_MODULE.test(id)),
        );
        const preloads: RoutePreload[] = Object.entries(routes).map(([path, { modules, data }]) => {
          const files = closure([
            ...modules.map((module) => {
              const chunk = byModule.get(join(root, module));
              if (!chunk || entry.has(chunk.fileName)) {
                this.error(`route ${path}: ${module} is not a lazily loaded module of this build`);
              }
              return chunk.fileName;
            }),
            ...(data.length > 0 && queryClientChunk ? [queryClientChunk.fileName] : []),
          ]);
          const scripts = [...files].filter((fileName) => !entry.has(fileName));
          const styles = new Set(
            scripts.flatMap((fileName) => [...(byFile.get(fileName)?.viteMetadata?.importedCss ?? [])]),
          );
          return {
            path,
            fetches: [...data],
            scripts: scripts.map((fileName) => base + fileName),
            styles: [...styles].map((fileName) => base + fileName),
            hasHeader: routes[path]?.hasHeader === true && headerLabName !== undefined,
          };
        });
        const firstPaint = headerLabName === undefined ? null : headerFirstPaint(headerLabName);
        this.emitFile({
          type: 'asset',
          fileName: ROUTE_PRELOADS_FILE,
          source: `${JSON.stringify({ routes: preloads, pages, firstPaint }, null, 2)}\n`,
        });
      },
    },
  };
}
