/**
 * Applies the pending migrations and exits: `pnpm --filter @botica/api migrate`. Reads the same
 * settings as the server (DATABASE_URL, else the PGlite folder DATA_DIR), so a deployment can migrate
 * once before it starts or replaces its instances. On PostgreSQL it takes the same advisory lock as a
 * starting server, so it may run while instances start. Exits 0 when the schema is up to date, 1 when
 * the settings are invalid or a migration fails.
 */
import { mkdirSync } from 'node:fs';
import { connectionProblem } from '../src/db/connection-problem.ts';
import { type OpenDatabase, openDatabase } from '../src/db/database.ts';
import { loadSettings, type Settings, SettingsError } from '../src/settings/settings.ts';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function main(): Promise<number> {
  let settings: Settings;
  try {
    settings = loadSettings();
  } catch (error) {
    if (error instanceof SettingsError) {
      console.error(`migrate: ${error.message}`);
      return 1;
    }
    throw error;
  }
  const where = settings.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${settings.dataDir}`;
  const started = performance.now();
  let database: OpenDatabase;
  try {
    if (!settings.databaseUrl && !settings.dataDir.startsWith('memory://'))
      mkdirSync(settings.dataDir, { recursive: true });
    database = await openDatabase(
      settings.databaseUrl ? { url: settings.databaseUrl } : { dataDir: settings.dataDir },
      { poolSize: 1 },
    );
  } catch (error) {
    console.error(`migrate: could not open ${where}: ${message(error)}`);
    return 1;
  }
  try {
    await database.migrate();
    console.log(`migrate: ${where} is up to date (${((performance.now() - started) / 1000).toFixed(2)} s).`);
    return 0;
  } catch (error) {
    const unreachable = connectionProblem(
      error,
      settings.databaseUrl ? { url: settings.databaseUrl } : { dataDir: settings.dataDir },
    );
    console.error(
      unreachable ? `migrate: ${unreachable}` : `migrate: a migration of ${where} failed: ${message(error)}`,
    );
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
