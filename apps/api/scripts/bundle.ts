/**
 * Builds the production bundle: one folder with everything Botica needs to run with plain Node 24
 * and nothing else (`pnpm bundle` at the root builds first, then runs this; `pnpm --filter
 * @botica/api bundle` runs only this, on builds already made). The Dockerfile copies it as it is.
 *
 *   dist/botica/
 *     server.js      `node server.js`: production defaults (JSON logs, the portal beside it, no demo data)
 *     migrate.js     `node migrate.js`: the migrations alone, then exit
 *     import-csv.js  `node import-csv.js <kind> <file.csv>`: the CSV import of the real catalogue and clients
 *     registrations.js  `node registrations.js list | approve <id> | reject <id>`: registration requests
 *     configurations.js `node configurations.js list | set <key> <euros>`: the order rules
 *     staff.js          `node staff.js add <username> <email> <name…> | list | deactivate <username>`: staff
 *     api-keys.js       `node api-keys.js add <name> <scope,scope…> | list | revoke <id|prefix>`: API keys
 *     src/, scripts/   the API's TypeScript and the commands', run by Node's type stripping (no tests)
 *     drizzle/       the SQL migrations
 *     portal/        the built portal (apps/portal/dist)
 *     backoffice/    the built back office (apps/backoffice/dist), when there is one; served at /backoffice/
 *     redoc.standalone.js  the renderer of the API's reference page (/api/docs)
 *     node_modules/  production dependencies only, the workspace packages as their built output
 *
 * `pnpm deploy --prod` (with injected workspace packages, from the workspace's lockfile: no
 * resolution, and offline when the store has everything) copies the API's published files and
 * installs its production dependencies; then what production never loads goes: PGlite (production
 * runs on PostgreSQL; `--embedded-database` or BUNDLE_EMBEDDED_DATABASE=on keeps it, for a
 * one-process trial with ALLOW_EMBEDDED_DATABASE=on), type declarations, source maps, and the fonts
 * the PDFs do not use. Usage: `node scripts/bundle.ts [--out <folder>] [--embedded-database]`.
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = resolve(apiRoot, '../..');

const { values } = parseArgs({
  options: { out: { type: 'string' }, 'embedded-database': { type: 'boolean', default: false } },
});
const out = resolve(values.out ?? join(repoRoot, 'dist', 'botica'));
/** Whether PGlite stays in the bundle (a trial without PostgreSQL); production leaves it out. */
const withEmbeddedDatabase = values['embedded-database'] || process.env.BUNDLE_EMBEDDED_DATABASE === 'on';

function fail(message: string): never {
  console.error(`bundle: ${message}`);
  process.exit(1);
}

const needed = [
  ['packages/domain/dist/index.js', '@botica/domain'],
  ['packages/api-client/dist/schemas/index.js', '@botica/api-client'],
  ['packages/api-client/dist/endpoints/index.js', '@botica/api-client'],
  ['apps/portal/dist/index.html', '@botica/portal'],
] as const;
const missing = needed.filter(([file]) => !existsSync(join(repoRoot, file))).map(([, name]) => name);
if (missing.length > 0) {
  fail(
    `not built yet: ${missing.join(', ')}. Run \`pnpm bundle\` at the root (it builds first), or ` +
      '`turbo run build --filter=@botica/api... --filter=@botica/portal` and then this again.',
  );
}

const started = performance.now();
rmSync(out, { recursive: true, force: true });

// The repo's pnpm (the pinned version), else whichever is on PATH.
const localPnpm = join(repoRoot, 'node_modules', '.bin', 'pnpm');
const pnpm = existsSync(localPnpm) ? localPnpm : 'pnpm';
const deploy = spawnSync(
  pnpm,
  [
    '--filter',
    '@botica/api',
    'deploy',
    '--prod',
    '--prefer-offline',
    // pnpm 10 deploys from the workspace's lockfile only with injected workspace packages; set for this
    // command alone, the workspace itself keeps its links to the sources.
    '--config.inject-workspace-packages=true',
    out,
  ],
  { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' },
);
if (deploy.status !== 0) fail(`pnpm deploy failed:\n${deploy.stdout}\n${deploy.stderr}`);

// The workspace's whole lockfile, with this machine's paths: the bundle's package.json lists its versions.
rmSync(join(out, 'pnpm-lock.yaml'), { force: true });
/**
 * Packages production never loads, by their folder's name in `node_modules/.pnpm`: PGlite (the
 * embedded database, imported only without DATABASE_URL: src/db/database.ts), which drizzle-orm's
 * optional peer in the lockfile brings along even when the API does not; and type declarations.
 */
const UNUSED_PACKAGES = [...(withEmbeddedDatabase ? [] : [/^@electric-sql\+pglite@/]), /^@types\+/];
const store = join(out, 'node_modules', '.pnpm');
for (const entry of readdirSync(store))
  if (UNUSED_PACKAGES.some((pattern) => pattern.test(entry))) rmSync(join(store, entry), { recursive: true });

/**
 * Walks `folder` (symbolic links are not followed): removes links left pointing at nothing (those to
 * the packages just removed), source maps (Node reads them only with --enable-source-maps, and then
 * only the running code's), and scope folders left empty.
 */
function prune(folder: string): void {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isSymbolicLink()) {
      if (!existsSync(path)) rmSync(path);
    } else if (entry.isDirectory()) {
      prune(path);
      if (entry.name.startsWith('@') && readdirSync(path).length === 0) rmdirSync(path);
    } else if (/\.[cm]?[jt]s\.map$/.test(entry.name) && lstatSync(path).isFile()) rmSync(path);
  }
}
prune(join(out, 'node_modules'));

// The PDFs use two of DejaVu's 22 fonts (src/pdf/pdf-document.ts): the other 20, about 9 MB, go.
const PDF_FONTS = new Set(['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf']);
const fonts = join(realpathSync(join(out, 'node_modules', 'dejavu-fonts-ttf')), 'ttf');
if (!fonts.startsWith(out)) fail(`the fonts are not the bundle's own copy: ${fonts}`);
for (const file of readdirSync(fonts)) if (!PDF_FONTS.has(file)) rmSync(join(fonts, file));
rmSync(join(fonts, '..', 'status.txt'), { force: true });
cpSync(join(repoRoot, 'apps', 'portal', 'dist'), join(out, 'portal'), { recursive: true });
// The back office comes along once it is built; server.js serves it when its folder is there.
const backoffice = join(repoRoot, 'apps', 'backoffice', 'dist');
if (existsSync(join(backoffice, 'index.html')))
  cpSync(backoffice, join(out, 'backoffice'), { recursive: true });
// The API reference page's renderer (src/http/api-reference.ts): one file of the Redoc devDependency,
// not its dependency tree.
copyFileSync(
  createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'),
  join(out, 'redoc.standalone.js'),
);
/** The bundle's commands: each `node <file>` at its root (the README's operations commands, all of them). */
const ENTRY_POINTS = [
  'server.js',
  'migrate.js',
  'import-csv.js',
  'registrations.js',
  'configurations.js',
  'staff.js',
  'api-keys.js',
];
for (const file of ENTRY_POINTS) copyFileSync(join(apiRoot, 'bundle', file), join(out, file));

// The bundle's own package.json: how to start it, and the exact versions it carries.
const deployed = JSON.parse(readFileSync(join(out, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  description: string;
  dependencies: Record<string, string>;
};
const version = (name: string) =>
  (JSON.parse(readFileSync(join(out, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
    .version;
writeFileSync(
  join(out, 'package.json'),
  `${JSON.stringify(
    {
      name: 'botica',
      version: deployed.version,
      private: true,
      description:
        "Botica's production bundle: the API server, the built portal and their production dependencies.",
      type: 'module',
      engines: { node: '>=24' },
      scripts: Object.fromEntries(
        ENTRY_POINTS.map((file) => [
          file === 'server.js' ? 'start' : file.replace(/\.js$/, ''),
          `node ${file}`,
        ]),
      ),
      dependencies: Object.fromEntries(
        Object.keys(deployed.dependencies)
          .filter((name) => existsSync(join(out, 'node_modules', name)))
          .map((name) => [name, version(name)]),
      ),
    },
    null,
    2,
  )}\n`,
);

const size = spawnSync('du', ['-sh', out], { encoding: 'utf8' }).stdout.split('\t')[0] ?? '?';
console.log(
  `bundle: ${out} (${size}${withEmbeddedDatabase ? ', with PGlite' : ''}) in ${((performance.now() - started) / 1000).toFixed(1)} s. ` +
    'Start it with `node server.js` in that folder (Node 24; DATABASE_URL for PostgreSQL).',
);
