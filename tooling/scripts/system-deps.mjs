// Finding, or installing from Debian's packages, the system programs the test suites need.
// Runs on the machine's own Node (see run.mjs): plain JavaScript, standard library only.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

let aptUpdated = false;

function aptInstall(packages) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) return false;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    if (update.status !== 0) return false;
    aptUpdated = true;
  }
  const result = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
    stdio: 'inherit',
    env,
  });
  return result.status === 0;
}

/**
 * The path of a Chromium for the browser suites: `CHROME_PATH` when set, else a system one, else
 * Debian's package installed on the spot (as root). Exits with advice when none can be had.
 */
export function ensureChromium() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const found = CHROMIUM_CANDIDATES.find((path) => existsSync(path));
  if (found) return found;
  process.stdout.write('\n[botica] No Chromium found: installing Debian\'s "chromium" package…\n');
  if (aptInstall(['chromium', 'fonts-liberation']) && existsSync('/usr/bin/chromium'))
    return '/usr/bin/chromium';
  console.error(
    '[botica] The browser suites need Chromium. Install it (Debian: `apt-get install chromium`) ' +
      'or point CHROME_PATH at a Chromium or Chrome binary, then run `npm test` again.',
  );
  process.exit(1);
}

function findPostgresBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  const version = versions.find((name) => existsSync(`${root}/${name}/bin/initdb`));
  return version === undefined ? undefined : `${root}/${version}/bin`;
}

/**
 * The directory of PostgreSQL's server binaries for the API's PostgreSQL test runs (they start a
 * throw-away cluster from them): a system one, else Debian's `postgresql` package installed on the
 * spot (as root). Without one the PostgreSQL runs are skipped, except in CI (`CI` set), where this
 * exits with advice.
 */
export function ensurePostgres() {
  const found = findPostgresBin();
  if (found) return found;
  process.stdout.write('\n[botica] No PostgreSQL server found: installing Debian\'s "postgresql" package…\n');
  if (aptInstall(['postgresql'])) {
    const installed = findPostgresBin();
    if (installed) return installed;
  }
  const advice =
    'The API suites run on PostgreSQL too. Install it (Debian: `apt-get install postgresql`) and run `npm test` again.';
  if (process.env.CI) {
    console.error(`[botica] ${advice}`);
    process.exit(1);
  }
  process.stdout.write(`[botica] ${advice} Until then their PostgreSQL runs are skipped.\n`);
  return undefined;
}

const POPPLER_TOOLS = ['pdftotext', 'pdftoppm', 'pdfinfo'];

function findPopplerDir() {
  const dirs = (process.env.PATH ?? '').split(':').concat('/usr/bin');
  return dirs.find((dir) => dir && POPPLER_TOOLS.every((tool) => existsSync(`${dir}/${tool}`)));
}

/**
 * The directory of poppler's `pdftotext`, `pdftoppm` and `pdfinfo`, with which the API's suites read
 * the invoice PDFs back and the portal's e2e renders one page: a system one, else Debian's
 * `poppler-utils` installed on the spot (as root). Exits with advice when they cannot be had.
 */
export function ensurePoppler() {
  const found = findPopplerDir();
  if (found) return found;
  process.stdout.write(
    '\n[botica] No pdftotext/pdftoppm found: installing Debian\'s "poppler-utils" package…\n',
  );
  if (aptInstall(['poppler-utils'])) {
    const installed = findPopplerDir();
    if (installed) return installed;
  }
  console.error(
    '[botica] The invoice PDF tests read PDFs back with poppler. Install it (Debian: ' +
      '`apt-get install poppler-utils`) and run `npm test` again.',
  );
  process.exit(1);
}
