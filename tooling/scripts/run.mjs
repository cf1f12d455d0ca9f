#!/usr/bin/env node
// The root commands `npm start` and `npm test`. This file runs on whatever Node the machine has
// (Node 20 on a fresh machine): it installs the workspace with the pinned pnpm, which brings the
// repo's own Node 24, and from then on runs everything with node_modules/.bin first on PATH.
// Plain JavaScript with no dependencies on purpose: nothing is installed when it starts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium, ensurePoppler, ensurePostgres } from './system-deps.mjs';
import { createTally } from './test-tally.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const bin = join(root, 'node_modules', '.bin');
const pnpmVersion = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];

const env = {
  ...process.env,
  PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`,
  TURBO_TELEMETRY_DISABLED: '1',
  DO_NOT_TRACK: '1',
  TURBO_NO_UPDATE_NOTIFIER: '1',
  STORYBOOK_DISABLE_TELEMETRY: '1',
};

function log(message) {
  process.stdout.write(`\n[botica] ${message}\n`);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function install() {
  const localPnpm = join(bin, 'pnpm');
  if (existsSync(localPnpm)) {
    log('Checking the installed packages (pnpm install)…');
    run(localPnpm, ['install', '--frozen-lockfile', '--prefer-offline']);
  } else {
    log(`First run: installing the workspace with pnpm ${pnpmVersion} (this brings the repo's own Node 24)…`);
    run('npx', ['--yes', `pnpm@${pnpmVersion}`, 'install', '--frozen-lockfile']);
  }
  const nodeVersion = spawnSync(join(bin, 'node'), ['--version'], { env, encoding: 'utf8' }).stdout.trim();
  if (!nodeVersion.startsWith('v24.')) {
    console.error(
      `[botica] Expected the repo's Node 24 in node_modules/.bin, found "${nodeVersion || 'nothing'}".`,
    );
    process.exit(1);
  }
  log(`Node ${nodeVersion} (from the repo), pnpm ${pnpmVersion}.`);
}

function turbo(tasks, extra = []) {
  run(join(bin, 'turbo'), ['run', ...tasks, '--continue', '--output-logs=new-only', ...extra]);
}

/**
 * Runs turbo once per filter, one after the other, with every task's output shown as it comes (cached
 * tasks replayed), tallying the test runners' summaries on the way, and ends with one plain line:
 * `Summary: N passed, N failed`.
 */
function turboWithSummary(tasks, runs) {
  const tally = createTally();
  let failedRuns = 0;
  const runOnce = ([extra, ...rest]) => {
    if (extra === undefined) return finish();
    const child = spawn(join(bin, 'turbo'), ['run', ...tasks, '--continue', '--output-logs=full', ...extra], {
      cwd: root,
      env: { ...env, FORCE_COLOR: '0' },
      stdio: ['inherit', 'pipe', 'inherit'],
    });
    let pending = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) tally.read(line);
    });
    const forward = (signal) => child.kill(signal);
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, forward);
    child.on('close', (code) => {
      for (const signal of ['SIGINT', 'SIGTERM']) process.off(signal, forward);
      tally.read(pending);
      if (code !== 0) failedRuns += 1;
      runOnce(rest);
    });
  };
  const finish = () => {
    const { passed, failed } = tally.totals();
    const failures = tally.failures();
    if (failures.length > 0) {
      const shown = failures.slice(0, 30);
      const more = failures.length - shown.length;
      process.stdout.write(`\nFailed tests:\n${shown.map((name) => `  ${name}`).join('\n')}\n`);
      if (more > 0) process.stdout.write(`  … and ${more} more (see above)\n`);
    }
    process.stdout.write(`\nSummary: ${passed} passed, ${failed + (failed === 0 ? failedRuns : 0)} failed\n`);
    if (failedRuns > 0) process.exit(1);
    log('All checks passed.');
  };
  runOnce(runs);
}

function start() {
  install();
  const api = join(root, 'apps', 'api', 'package.json');
  if (!existsSync(api)) {
    turbo(['build']);
    log(
      'Everything is installed and built, but there is nothing to serve yet: the API server ' +
        '(apps/api) has not landed. `npm start` will serve Botica on http://localhost:8080 once it does.',
    );
    return;
  }
  // The API, the portal it serves on the same origin and the back office beside it, at /backoffice/.
  turbo(
    ['build'],
    ['--filter=@botica/api...', '--filter=@botica/portal...', '--filter=@botica/backoffice...'],
  );
  const backoffice = join(root, 'apps', 'backoffice', 'dist');
  const withBackoffice = existsSync(join(backoffice, 'index.html'));
  // The component library's Storybook beside them, at /storybook/ (cached by turbo like the portal).
  // Botica starts without it when it does not build: it is for the people who build the product.
  const storybook = join(root, 'packages', 'ui', 'storybook-static');
  const built = spawnSync(
    join(bin, 'turbo'),
    ['run', 'build-storybook', '--filter=@botica/ui', '--output-logs=new-only'],
    { cwd: root, env, stdio: 'inherit' },
  );
  const withStorybook = built.status === 0 && existsSync(join(storybook, 'index.html'));
  if (!withStorybook) log('Storybook did not build: starting without it (see the errors above).');
  // With BACKOFFICE_DIST the server serves the back office and prints its address beside the portal's.
  const child = spawn(join(bin, 'pnpm'), ['--filter', '@botica/api', 'start'], {
    cwd: root,
    env: {
      ...env,
      ...(withStorybook ? { STORYBOOK_DIST: storybook } : {}),
      ...(withBackoffice ? { BACKOFFICE_DIST: backoffice } : {}),
    },
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

function test() {
  install();
  const chromium = ensureChromium();
  env.CHROME_PATH = chromium;
  log(`Chromium for the browser suites: ${chromium}`);
  const postgres = ensurePostgres();
  if (postgres) log(`PostgreSQL for the API suites: ${postgres}`);
  log(`poppler (pdftotext, pdftoppm) for the invoice PDFs: ${ensurePoppler()}`);
  // Three tasks at a time on CI's two cores: the three long ones (the API's suites and the two browser
  // suites, which turbo does not order by length) then run side by side as soon as their builds are
  // done. At two, the third waits for one of the others to end, then runs alone for many minutes,
  // one test at a time, leaving most of the second core idle.
  const concurrency = process.env.CI ? ['--concurrency=3'] : [];
  // The release check installs the packed packages in a scratch project from the npm registry: on a
  // busy machine its install has hung on the network for minutes, alone it takes seconds. It runs
  // last, alone, once everything else is done.
  turboWithSummary(
    ['build', 'lint', 'typecheck', 'test'],
    [
      [...concurrency, '--filter=!@botica/release-check'],
      [...concurrency, '--filter=@botica/release-check'],
    ],
  );
}

const command = process.argv[2];
if (command === 'start') start();
else if (command === 'test') test();
else {
  console.error('Usage: node tooling/scripts/run.mjs start|test');
  process.exit(2);
}
