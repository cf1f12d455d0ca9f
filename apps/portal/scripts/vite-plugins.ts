/**
 * The portal's own build steps (vite.config.ts): assets compressed once at build time, so the
 * server never spends its event loop on Brotli level 11 while pharmacists wait; each client
 * route's preloads for the server to name in its page; react-aria's locale check skipped for the
 * locale the page hands over (no ICU during a page's load).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What is worth compressing: text formats, not source maps (only DevTools asks for those). */
const COMPRESSIBLE = /\.(js|css|svg|json|txt|webmanifest)$/;

/**
 * Writes `name.br` (Brotli, quality 11) and `name.gz` (gzip, level 9) beside every compressible
 * output file over 1 KB. The API's portal server sends them as they are (apps/api serve-portal).
 */
export function precompress(): Plugin {
  return {
    name: 'botica:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      await Promise.all(
        Object.values(bundle).map(async (output) => {
          if (!COMPRESSIBLE.test(output.fileName) || output.fileName.startsWith('.vite/')) return;
          // The file as written (with its sourceMappingURL comment), byte for byte.
          const file = join(outDir, output.fileName);
          const raw = await readFile(file);
          if (raw.length <= 1024) return;
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gzipAsync(raw, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/** What the server adds to index.html for one client route (apps/api serve-portal reads it). */
export interface RoutePreload {
  /** The route's path in react-router's syntax: `/catalog`, `/products/:id?`. */
  path: string;
  /** API GETs to start at once: `<link rel="preload" as="fetch">`, `:param`s filled from the path. */
  fetches: string[];
  /** JavaScript chunks the route needs beyond the entry's: `<link rel="modulepreload">`. */
  scripts: string[];
  /** Their stylesheets: `<link rel="stylesheet">`, as the route's chunk would add them. */
  styles: string[];
}

/** Where the build writes the route preloads, beside Vite's manifest. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/**
 * Writes, for each client route, the lazy chunks (and their CSS) and the API data its first load
 * needs, so the server can name them in the page and the browser fetches them with the entry
 * instead of after running it. Modules are given in source form (`src/features/home/home-route.tsx`).
 * Beside them, `pages`: every page path of the portal, so the server answers any other path 404.
 */
export function routePreloads(
  routes: Record<string, { modules: readonly string[]; data: readonly string[] }>,
  pages: readonly string[],
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
        const preloads: RoutePreload[] = Object.entries(routes).map(([path, { modules, data }]) => {
          const files = closure(
            modules.map((module) => {
              const chunk = byModule.get(join(root, module));
              if (!chunk || entry.has(chunk.fileName)) {
                this.error(`route ${path}: ${module} is not a lazily loaded module of this build`);
              }
              return chunk.fileName;
            }),
          );
          const scripts = [...files].filter((fileName) => !entry.has(fileName));
          const styles = new Set(
            scripts.flatMap((fileName) => [...(byFile.get(fileName)?.viteMetadata?.importedCss ?? [])]),
          );
          return {
            path,
            fetches: [...data],
            scripts: scripts.map((fileName) => base + fileName),
            styles: [...styles].map((fileName) => base + fileName),
          };
        });
        this.emitFile({
          type: 'asset',
          fileName: ROUTE_PRELOADS_FILE,
          source: `${JSON.stringify({ routes: preloads, pages }, null, 2)}\n`,
        });
      },
    },
  };
}

/** react-aria's module that works out the default locale when it is evaluated. */
const DEFAULT_LOCALE_MODULE = /\/react-aria\/dist\/private\/i18n\/useDefaultLocale\.m?js$/;
/** Its check of the locale, the call that starts ICU (the locale data) as the module is evaluated. */
const LOCALE_CHECK =
  /( *)try \{\s*Intl\.DateTimeFormat\.supportedLocalesOf\(\[\s*locale\s*\]\);\s*\} catch\s*\{\s*locale = 'en-US';\s*\}/;

/**
 * react-aria checks the default locale with `Intl.DateTimeFormat.supportedLocalesOf` when its i18n
 * module is evaluated, which starts ICU: 20 to 45 ms of a client page's load on this machine, four
 * times that on a phone, before any control has anything to format. The portal hands react-aria
 * its locale (`es-ES`, main.tsx, as react-aria's own `getLocalizationScript` does), so the build
 * skips the check for a locale the page hands over; a browser's own language is still checked.
 * The build fails if react-aria's code no longer has that check, so an upgrade is looked at again.
 */
export function trustPageLocale(): Plugin {
  return {
    name: 'botica:trust-page-locale',
    apply: 'build',
    transform(code, id) {
      if (!DEFAULT_LOCALE_MODULE.test(id.split('?')[0] ?? id)) return null;
      const symbol = /window\[(\$\w+\$var\$localeSymbol)\]/.exec(code)?.[1];
      if (!symbol || !LOCALE_CHECK.test(code)) {
        this.error(`react-aria's ${id} no longer checks the locale as botica:trust-page-locale expects`);
      }
      // A replacer function: the symbol's `$` must not read as a replacement pattern.
      const guard = (check: string, indent: string) =>
        `${indent}if (typeof window === 'undefined' || !window[${symbol}]) ${check.trimStart()}`;
      return { code: code.replace(LOCALE_CHECK, guard), map: null };
    },
  };
}
