/**
 * The portal's JavaScript budgets: what /login loads before its load event (the entry and its
 * static imports: the first screen, painted without the router) ≤ 100 KB gzipped and without
 * react-router; what every other page loads before its route's own chunks (that, and the router's
 * module, src/app/app.tsx, with its static imports) ≤ 130 KB; each lazy route chunk ≤ 45 KB
 * (docs/decisions/028). Which route module has which budget comes from the routes' manifests
 * (src/app/routes.ts): a route marked for the first load must be in it (the router's part of it), and
 * any other must not (a static import would grow every page's first load). Also: nothing in
 * that initial JavaScript starts ICU when evaluated (react-aria's locale, `@internationalized`),
 * which costs every first load tens of milliseconds (docs/decisions/006). Nor does any of it carry
 * another area of the API than the portal's (the back office's `/api/v1/admin/…`, the ERP's
 * `/api/v1/integration/…`: their own client entries). Reads Vite's manifest and the source maps of a
 * production build: `node scripts/check-bundle.ts [dist]`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type RouteBudgetEntry, routeBudgetEntries } from '@botica/app-shell';
import { APP_MODULE } from '../src/app/first-load.ts';
import { PORTAL_ROUTES } from '../src/app/routes.ts';

/**
 * Budgets in bytes, gzipped: /login's first load (`initial`), every other page's before its route's
 * chunks (`firstLoad`: the router's module added), a lazy chunk.
 */
export const BUDGETS = { initial: 100 * 1024, firstLoad: 130 * 1024, lazyChunk: 45 * 1024 } as const;

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface BundleReport {
  /** The entry and its static imports: all /login loads before its load event. */
  initial: { files: string[]; gzipBytes: number };
  /** Beside those, the router's module and its static imports: what every other page loads first. */
  router: { files: string[]; gzipBytes: number };
  /** `routes`: the pages (or the layout's path) of the route modules the chunk holds. */
  lazy: { name: string; file: string; gzipBytes: number; routes: string[] }[];
  failures: string[];
}

/**
 * Modules that call Intl when evaluated: react-aria's i18n (its default locale, at import) and
 * `@internationalized` (a formatter probe). They belong in the chunks of the screens that need them.
 */
export const STARTS_ICU =
  /node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?(react-aria\/dist\/private\/i18n|@internationalized)\//;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** react-router, which /login's first screen paints without. */
export const ROUTER_SOURCES = /node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?react-router\//;

/** The paths of the API's areas a pharmacy's portal never calls. */
export const OTHER_AREAS = /\/api\/v1\/(admin|integration)\//;

/** The sources of a JavaScript file, from its source map (none without one). */
function sourcesOf(distDir: string, file: string): string[] {
  const map = join(distDir, `${file}.map`);
  if (!existsSync(map)) return [];
  return (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
}

/**
 * Measures a build in `distDir` against the budgets, each route module (`routes`, from the
 * manifests) held to the first load's budget or a lazy chunk's. `appModule`: the module that holds
 * the router, loaded after /login's first screen (none: the entry holds it).
 */
export function measureBundle(
  distDir: string,
  routes: readonly RouteBudgetEntry[] = [],
  appModule?: string,
): BundleReport {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const gzipSize = (file: string) => gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry in the manifest, found ${entries.length}`);

  /** The JavaScript files of a manifest entry and its static imports, beyond those in `seen`. */
  const closure = (key: string, seen: ReadonlySet<string> = new Set()) => {
    const found = new Set<string>();
    const visit = (at: string) => {
      const chunk = manifest[at];
      if (!chunk || found.has(chunk.file) || seen.has(chunk.file)) return;
      if (chunk.file.endsWith('.js')) found.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(key);
    return found;
  };
  const initialFiles = closure(entries[0]?.[0] as string);
  const bytesOf = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + gzipSize(file), 0);
  const initialBytes = bytesOf(initialFiles);

  const failures: string[] = [];
  // The file that holds each route module: its own chunk, a group of the build config's, or the entry.
  const files = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) =>
    file.endsWith('.js'),
  );
  const sources = new Map(files.map((file) => [file, sourcesOf(distDir, file)]));
  const fileOf = (module: string) =>
    files.find((candidate) => sources.get(candidate)?.some((source) => source.endsWith(`/${module}`)));

  // The router's module and its static imports, which the entry loads after /login's first screen.
  const routerFiles = new Set<string>();
  if (appModule !== undefined) {
    const file = fileOf(appModule);
    const key = Object.keys(manifest).find((candidate) => manifest[candidate]?.file === file);
    if (key === undefined) failures.push(`the router's module ${appModule} is in no chunk of the build`);
    else if (initialFiles.has(manifest[key]?.file as string)) {
      failures.push(
        `the router's module ${appModule} is in the first load of /login: it should load after it`,
      );
    } else for (const routerFile of closure(key, initialFiles)) routerFiles.add(routerFile);
    for (const file of initialFiles) {
      if ((sources.get(file) ?? []).some((source) => ROUTER_SOURCES.test(source))) {
        failures.push(`initial JavaScript ${file} carries react-router: /login paints without it`);
      }
    }
  }
  const firstFiles = new Set([...initialFiles, ...routerFiles]);
  const routerBytes = bytesOf(routerFiles);

  // Lazily loaded: a dynamic entry, or a chunk the build gathered dynamic entries into (vite.config.ts);
  // not the router's, which every page loads.
  const dynamicallyImported = new Set(Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []));
  const lazy = Object.entries(manifest)
    .filter(
      ([key, chunk]) =>
        (chunk.isDynamicEntry || dynamicallyImported.has(key)) &&
        chunk.file.endsWith('.js') &&
        !routerFiles.has(chunk.file),
    )
    .map(([key, chunk]) => ({
      name: chunk.src ?? chunk.name ?? key,
      file: chunk.file,
      gzipBytes: gzipSize(chunk.file),
      routes: [] as string[],
    }));

  for (const route of routes) {
    const named = `${route.module} (${route.paths.join(', ')})`;
    const file = fileOf(route.module);
    if (file === undefined) failures.push(`route module ${named} is in no chunk of the build`);
    else if (route.isEager && !firstFiles.has(file)) {
      failures.push(`route module ${named} is not in the first load, where its route expects it`);
    } else if (!route.isEager && firstFiles.has(file)) {
      failures.push(`route module ${named} is in the first load: it should load lazily`);
    } else if (!route.isEager) {
      lazy.find((chunk) => chunk.file === file)?.routes.push(...route.paths);
    }
  }
  for (const file of firstFiles) {
    const icu = (sources.get(file) ?? []).filter((source) => STARTS_ICU.test(source));
    if (icu.length > 0) {
      failures.push(
        `initial JavaScript ${file} starts ICU when evaluated: ${icu.map((source) => source.replace(/^.*node_modules\//, '')).join(', ')}`,
      );
    }
  }
  for (const chunk of Object.values(manifest)) {
    if (!chunk.file.endsWith('.js')) continue;
    if (OTHER_AREAS.test(readFileSync(join(distDir, chunk.file), 'utf8')))
      failures.push(`${chunk.file} carries another area of the API than the portal's (${OTHER_AREAS})`);
  }
  if (initialBytes > BUDGETS.initial) {
    failures.push(
      `initial JavaScript of /login is ${kb(initialBytes)} gzipped (budget ${kb(BUDGETS.initial)})`,
    );
  }
  if (initialBytes + routerBytes > BUDGETS.firstLoad) {
    failures.push(
      `initial JavaScript of the other pages (with the router's) is ${kb(initialBytes + routerBytes)} gzipped (budget ${kb(BUDGETS.firstLoad)})`,
    );
  }
  for (const chunk of lazy) {
    if (chunk.gzipBytes > BUDGETS.lazyChunk) {
      failures.push(
        `lazy chunk ${chunk.name} is ${kb(chunk.gzipBytes)} gzipped (budget ${kb(BUDGETS.lazyChunk)})`,
      );
    }
  }
  return {
    initial: { files: [...initialFiles], gzipBytes: initialBytes },
    router: { files: [...routerFiles], gzipBytes: routerBytes },
    lazy,
    failures,
  };
}

if (import.meta.main) {
  const dist = resolve(process.argv[2] ?? join(import.meta.dirname, '..', 'dist'));
  const report = measureBundle(dist, routeBudgetEntries(PORTAL_ROUTES), APP_MODULE);
  console.log(
    `initial JS (/login): ${kb(report.initial.gzipBytes)} gzipped in ${report.initial.files.length} files`,
  );
  console.log(
    `  + the router's (every other page's first load): ${kb(report.router.gzipBytes)} in ${report.router.files.length} files, ${kb(report.initial.gzipBytes + report.router.gzipBytes)} in all`,
  );
  for (const chunk of report.lazy.sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    const routes = chunk.routes.length > 0 ? ` (${[...new Set(chunk.routes)].join(', ')})` : '';
    console.log(`  lazy ${chunk.name}${routes}: ${kb(chunk.gzipBytes)}`);
  }
  if (report.failures.length > 0) {
    console.error(`Over budget:\n- ${report.failures.join('\n- ')}`);
    process.exit(1);
  }
  console.log(
    'Within the budgets (/login ≤ 100 KB without react-router, every other page ≤ 130 KB before its route, each lazy route ≤ 45 KB, gzipped).',
  );
}
