/**
 * Starts the API server: reads the settings, opens the database (PGlite in DATA_DIR, or PostgreSQL
 * with DATABASE_URL), migrates it, fills an empty one with the demo data, and listens on PORT.
 * SIGTERM and SIGINT stop it gracefully: no new connections, in-flight requests finish, then the
 * database closes.
 */
import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { buildApp } from './app.ts';
import { openDatabase } from './db/database.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedIfEmpty } from './demo-data/index.ts';
import { isPortalBuild } from './portal/serve-portal.ts';
import { loadSettings, SettingsError } from './settings/settings.ts';

async function main(): Promise<void> {
  let settings: ReturnType<typeof loadSettings>;
  try {
    settings = loadSettings();
  } catch (error) {
    if (error instanceof SettingsError) {
      console.error(`[botica-api] ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  if (!settings.databaseUrl && !settings.dataDir.startsWith('memory://'))
    mkdirSync(settings.dataDir, { recursive: true });
  const database = await openDatabase(
    settings.databaseUrl ? { url: settings.databaseUrl } : { dataDir: settings.dataDir },
    {
      poolSize: settings.dbPoolSize,
      onIdleError: (error) =>
        console.warn(`[botica-api] PostgreSQL closed an idle connection: ${error.message}`),
    },
  );
  await database.migrate();
  const seeded = await seedIfEmpty(database.db, { products: settings.seedProducts, seed: settings.seed });
  if (seeded) {
    // Fresh statistics, so the planner uses the search indexes from the first request on.
    await database.db.execute(sql`analyze`);
    console.log(
      `[botica-api] First start: seeded the demo data (${seeded.counts.products} products, seed ${settings.seed}) in ${((seeded.insertMs + (seeded.generateMs ?? 0)) / 1000).toFixed(1)} s.`,
    );
  }
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

  await app.listen({ port: settings.port, host: settings.host });
  const where = settings.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${settings.dataDir}`;
  const url = `http://localhost:${settings.port}`;
  const accounts = Object.values(DEMO_ACCOUNTS).join(', ');
  console.log(
    [
      '',
      isPortalBuild(settings.portalDist)
        ? `[botica] Botica is serving on ${url}: the portal and its API (database: ${where}).`
        : `[botica-api] Botica's API is serving on ${url} (database: ${where}); no built portal in ${settings.portalDist}.`,
      `[botica-api] Demo accounts (password ${DEMO_PASSWORD}): ${accounts}.`,
      '[botica-api] Stop with Ctrl+C.',
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error('[botica-api] could not start:', error);
  process.exit(1);
});
