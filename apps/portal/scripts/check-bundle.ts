/**
 * The portal's JavaScript budgets: what /login loads before any lazy route (the entry and
 * its static imports) ≤ 130 KB gzipped, and each lazy route chunk ≤ 45 KB gzipped. Which route
 * module has which budget comes from the routes' manifests (src/app/routes.ts): a route marked for
 * the first load must be in it, and any other must not (a static import would grow /login). Also: nothing in
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
import { PORTAL_ROUTES } from '../src/app/routes.ts';

/** Budgets in bytes, gzipped. */
export const BUDGETS = { initial: 130 * 1024, lazyChunk: 45 * 1024 } as const;

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
  initial: { files: string[]; gzipBytes: number };
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
 * manifests) held to the first load's budget or a lazy chunk's.
 */
export function measureBundle(distDir: string, routes: readonly RouteBudgetEntry[] = []): BundleReport {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const gzipSize = (file: string) => gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry in the manifest, found ${entries.length}`);

  const initialFiles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || initialFiles.has(chunk.file)) return;
    if (chunk.file.endsWith('.js')) initialFiles.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entries[0]?.[0] as string);
  const initialBytes = [...initialFiles].reduce((sum, file) => sum + gzipSize(file), 0);

  // Lazily loaded: a dynamic entry, or a chunk the build gathered dynamic entries into (vite.config.ts).
  const dynamicallyImported = new Set(Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []));
  const lazy = Object.entries(manifest)
    .filter(
      ([key, chunk]) => (chunk.isDynamicEntry || dynamicallyImported.has(key)) && chunk.file.endsWith('.js'),
    )
    .map(([key, chunk]) => ({
      name: chunk.src ?? chunk.name ?? key,
      file: chunk.file,
      gzipBytes: gzipSize(chunk.file),
      routes: [] as string[],
    }));

  const failures: string[] = [];
  // The file that holds each route module: its own chunk, a group of the build config's, or the entry.
  const files = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) =>
    file.endsWith('.js'),
  );
  const sources = new Map(files.map((file) => [file, sourcesOf(distDir, file)]));
  for (const route of routes) {
    const named = `${route.module} (${route.paths.join(', ')})`;
    const file = files.find((candidate) =>
      sources.get(candidate)?.some((source) => source.endsWith(`/${route.module}`)),
    );
    if (file === undefined) failures.push(`route module ${named} is in no chunk of the build`);
    else if (route.isEager && !initialFiles.has(file)) {
      failures.push(`route module ${named} is not in the first load, where its route expects it`);
    } else if (!route.isEager && initialFiles.has(file)) {
      failures.push(`route module ${named} is in the first load of /login: it should load lazily`);
    } else if (!route.isEager) {
      lazy.find((chunk) => chunk.file === file)?.routes.push(...route.paths);
    }
  }
  for (const file of initialFiles) {
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
  for (const chunk of lazy) {
    if (chunk.gzipBytes > BUDGETS.lazyChunk) {
      failures.push(
        `lazy chunk ${chunk.name} is ${kb(chunk.gzipBytes)} gzipped (budget ${kb(BUDGETS.lazyChunk)})`,
      );
    }
  }
  return { initial: { files: [...initialFiles], gzipBytes: initialBytes }, lazy, failures };
}

if (import.meta.main) {
  const dist = resolve(process.argv[2] ?? join(import.meta.dirname, '..', 'dist'));
  const report = measureBundle(dist, routeBudgetEntries(PORTAL_ROUTES));
  console.log(
    `initial JS (/login): ${kb(report.initial.gzipBytes)} gzipped in ${report.initial.files.length} files`,
  );
  for (const chunk of report.lazy.sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    const routes = chunk.routes.length > 0 ? ` (${[...new Set(chunk.routes)].join(', ')})` : '';
    console.log(`  lazy ${chunk.name}${routes}: ${kb(chunk.gzipBytes)}`);
  }
  if (report.failures.length > 0) {
    console.error(`Over budget:\n- ${report.failures.join('\n- ')}`);
    process.exit(1);
  }
  console.log('Within the budgets (initial ≤ 130 KB, each lazy route ≤ 45 KB, gzipped).');
}
