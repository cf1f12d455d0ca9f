/**
 * Starts the API server: reads the settings, opens the database (PGlite in DATA_DIR, or PostgreSQL
 * with DATABASE_URL), migrates it, fills an empty one with the demo data, and listens on PORT.
 * SIGTERM and SIGINT stop it gracefully: no new connections, in-flight requests finish, then the
 * database closes.
 *
 * With API_WORKERS > 1 (PostgreSQL only) this process prepares the database and then runs that many
 * worker processes that share the port (node:cluster hands the connections out in turn); it restarts
 * a worker that dies and passes SIGTERM and SIGINT on to them, and gathers their metrics for a scrape
 * of /metrics (src/metrics/cluster-metrics.ts).
 */
import cluster, { type Worker } from 'node:cluster';
import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from './app.ts';
import { orderConfigurationProblem } from './configurations/configuration-service.ts';
import { connectionProblem } from './db/connection-problem.ts';
import { openDatabase } from './db/database.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedIfEmpty } from './demo-data/index.ts';
import { aggregateWorkerMetrics } from './metrics/cluster-metrics.ts';
import { isPortalBuild } from './portal/serve-portal.ts';
import { isSpaBuild } from './portal/serve-spa.ts';
import { isStorybookBuild } from './portal/serve-storybook.ts';
import { loadSettings, SettingsError } from './settings/settings.ts';

type Settings = ReturnType<typeof loadSettings>;

function readSettings(): Settings {
  try {
    // `--demo` (what `npm start` passes) asks for the demo data as DEMO_DATA=on does.
    const demo = process.argv.includes('--demo') ? { DEMO_DATA: 'on' } : {};
    return loadSettings({ ...process.env, ...demo });
  } catch (error) {
    if (error instanceof SettingsError) {
      console.error(`[botica-api] ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

/** Opens the database; `forMaintenance` (migrations, seeding): without the statement timeout. */
async function open(settings: Settings, forMaintenance = false) {
  if (!settings.databaseUrl && !settings.dataDir.startsWith('memory://'))
    mkdirSync(settings.dataDir, { recursive: true });
  return openDatabase(settings.databaseUrl ? { url: settings.databaseUrl } : { dataDir: settings.dataDir }, {
    poolSize: forMaintenance ? 2 : settings.dbPoolSize,
    statementTimeoutMs: forMaintenance ? 0 : settings.dbStatementTimeoutMs,
    connectTimeoutMs: settings.dbConnectTimeoutMs,
    onIdleError: (error) =>
      say(settings, 'warn', [`[botica-api] PostgreSQL closed an idle connection: ${error.message}`]),
  });
}

/** A start that cannot go on: its one-line reason is logged and the process exits 1. */
class StartRefused extends Error {
  override readonly name = 'StartRefused';
}

/**
 * Migrates the database and, when asked for the demo (`settings.demoData`), fills an empty one with
 * it; then checks that the order rules can be read, so a cart save never meets their absence.
 */
async function prepare(database: Awaited<ReturnType<typeof open>>, settings: Settings): Promise<void> {
  await database.migrate();
  if (settings.demoData) {
    const seeded = await seedIfEmpty(database.db, { products: settings.seedProducts, seed: settings.seed });
    if (seeded) {
      // Fresh statistics, so the planner uses the search indexes from the first request on.
      await database.db.execute(sql`analyze`);
      say(settings, 'info', [
        `[botica-api] First start: seeded the demo data (${seeded.counts.products} products, seed ${settings.seed}) in ${((seeded.insertMs + (seeded.generateMs ?? 0)) / 1000).toFixed(1)} s.`,
      ]);
    }
  }
  const problem = await orderConfigurationProblem({ db: database.db, settings, now: () => new Date() });
  if (problem)
    throw new StartRefused(
      `${problem.message} The order rules are needed to take orders: set it with \`node configurations.js set ${problem.key} <euros>\` in the bundle (\`pnpm --filter @botica/api configurations set …\` in the repo).`,
    );
}

/**
 * Says something outside a request (the start, the cluster's workers): as plain lines with
 * LOG_FORMAT=pretty, as pino-shaped JSON lines with LOG_FORMAT=json so the log stays one format.
 */
function say(settings: Settings, level: 'info' | 'warn' | 'error', lines: string[]): void {
  if (settings.logFormat === 'pretty') {
    (level === 'info' ? console.log : console.error)(lines.join('\n'));
    return;
  }
  const code = { info: 30, warn: 40, error: 50 }[level];
  for (const line of lines) {
    const msg = line.replace(/^\[botica(-api)?\] /, '');
    if (msg === '' || msg === 'Stop with Ctrl+C.') continue;
    process.stdout.write(
      `${JSON.stringify({ level: code, time: Date.now(), pid: process.pid, hostname: hostname(), msg })}\n`,
    );
  }
}

function announce(settings: Settings): void {
  const where = settings.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${settings.dataDir}`;
  const workers = settings.apiWorkers > 1 ? `, ${settings.apiWorkers} workers` : '';
  const url = `http://localhost:${settings.port}`;
  const accounts = Object.values(DEMO_ACCOUNTS).join(', ');
  say(settings, 'info', [
    '',
    isPortalBuild(settings.portalDist)
      ? `[botica] Botica is serving on ${url}: the portal and its API (database: ${where}${workers}).`
      : `[botica-api] Botica's API is serving on ${url} (database: ${where}${workers}); no built portal in ${settings.portalDist}.`,
    ...(settings.backofficeDist === null
      ? []
      : [
          isSpaBuild(settings.backofficeDist)
            ? `[botica] The back office: ${url}/backoffice/${
                settings.demoData
                  ? ` (log in as ${DEMO_ACCOUNTS.admin}, the laboratory's staff, or ${DEMO_ACCOUNTS.comercial}, a sales rep)`
                  : ''
              }`
            : `[botica-api] No built back office in ${settings.backofficeDist}.`,
        ]),
    ...(settings.storybookDist !== null && isStorybookBuild(settings.storybookDist)
      ? [`[botica] The component library (Storybook): ${url}/storybook/`]
      : []),
    settings.demoData
      ? `[botica-api] Demo accounts (password ${DEMO_PASSWORD}): ${accounts}.`
      : '[botica-api] No demo data (DEMO_DATA=on or --demo asks for it on an empty database).',
    '[botica-api] Stop with Ctrl+C.',
    '',
  ]);
}

/** One server process: the whole server, or a worker of a cluster (`isWorker`). */
async function serve(settings: Settings, isWorker: boolean): Promise<void> {
  if (!isWorker && settings.databaseUrl) {
    // PostgreSQL: seeding a large demo catalogue may run statements longer than a request may.
    const maintenance = await open(settings, true);
    await prepare(maintenance, settings);
    await maintenance.close();
  }
  const database = await open(settings);
  // PGlite (one process, the data possibly in memory) is prepared on its only connection; it does not
  // honour the statement timeout anyway.
  if (!isWorker && !settings.databaseUrl) await prepare(database, settings);
  const app = await buildApp({ db: database.db, settings });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('in-flight requests did not finish in time; exiting');
      process.exit(1);
    }, settings.shutdownTimeoutMs);
    timer.unref();
    try {
      await app.close();
      await database.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while stopping');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  // In a worker, node:cluster shares the port: the primary accepts and hands the connections out in turn.
  await app.listen({ port: settings.port, host: settings.host });
  if (!isWorker) announce(settings);
}

/** The primary of a cluster: prepares the database, then runs and watches the workers. */
async function runCluster(settings: Settings): Promise<void> {
  const database = await open(settings, true);
  await prepare(database, settings);
  await database.close();

  let stopping = false;
  let listening = 0;
  const started = new Map<Worker, number>();
  const fork = () => started.set(cluster.fork(), Date.now());
  cluster.on('listening', () => {
    listening += 1;
    if (listening === settings.apiWorkers) announce(settings);
  });
  cluster.on('exit', (worker, code, signal) => {
    const since = started.get(worker) ?? 0;
    started.delete(worker);
    if (stopping) {
      if (started.size === 0) process.exit(0);
      return;
    }
    say(settings, 'error', [
      `[botica-api] worker ${worker.process.pid} ended (${signal ?? code}); starting another`,
    ]);
    // A worker that dies at once would die again: wait a little before the next one.
    setTimeout(fork, Date.now() - since < 5_000 ? 1_000 : 0);
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of started.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), settings.shutdownTimeoutMs + 1_000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // A scrape of /metrics reaches one worker, which asks this process for every worker's metrics.
  if (settings.metricsToken !== undefined) aggregateWorkerMetrics();
  for (let index = 0; index < settings.apiWorkers; index += 1) fork();
}

async function main(): Promise<void> {
  const settings = readSettings();
  try {
    if (cluster.isWorker) return await serve(settings, true);
    if (settings.apiWorkers > 1) return await runCluster(settings);
    return await serve(settings, false);
  } catch (error) {
    // A database that cannot be reached or entered, or a refused start: one line, no stack trace.
    const reason =
      error instanceof StartRefused
        ? error.message
        : connectionProblem(
            error,
            settings.databaseUrl ? { url: settings.databaseUrl } : { dataDir: settings.dataDir },
          );
    if (reason === undefined) throw error;
    say(settings, 'error', [`[botica-api] could not start: ${reason}`]);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error('[botica-api] could not start:', error);
  process.exit(1);
});
