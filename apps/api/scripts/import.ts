/**
 * Imports one CSV file of the laboratory's catalogue or clients:
 * `pnpm --filter @botica/api import-csv -- <kind> <file.csv> [--dry-run] [--strict] [--report rejected.csv]`.
 * Reads the same settings as the server (DATABASE_URL, else the PGlite folder DATA_DIR) and runs the
 * pending migrations first, under the same lock as `migrate`. Prints the report (in Spanish, for the
 * laboratory's operations staff) and exits 0 when every row was imported, 1 when rows were rejected
 * or the file or database could not be used, 2 for a wrong command line.
 */
import { mkdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { connectionProblem } from '../src/db/connection-problem.ts';
import { type OpenDatabase, openDatabase } from '../src/db/database.ts';
import { IMPORT_USAGE, type ImportArguments, parseImportArguments } from '../src/import/import-arguments.ts';
import { formatImportReport, ImportFileError, importCsv, rejectionsCsv } from '../src/import/import-csv.ts';
import { loadSettings, type Settings, SettingsError } from '../src/settings/settings.ts';
import { sendBackInStockAlerts } from '../src/stock-alerts/stock-alerts-service.ts';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

// pnpm runs a package's scripts in the package's folder: a relative path is the caller's.
const callerDirectory = process.env.INIT_CWD ?? process.cwd();

async function main(): Promise<number> {
  let options: ImportArguments;
  try {
    options = parseImportArguments(process.argv.slice(2));
  } catch (error) {
    console.error(`import: ${message(error)}\n\n${IMPORT_USAGE}`);
    return 2;
  }
  if (options.help) {
    console.log(IMPORT_USAGE);
    return 0;
  }
  let settings: Settings;
  try {
    settings = loadSettings();
  } catch (error) {
    if (error instanceof SettingsError) {
      console.error(`import: ${error.message}`);
      return 1;
    }
    throw error;
  }
  const file = resolve(callerDirectory, options.file);
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (error) {
    console.error(`import: no se puede leer ${file}: ${message(error)}`);
    return 1;
  }
  const where = settings.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite en ${settings.dataDir}`;
  let database: OpenDatabase;
  try {
    if (!settings.databaseUrl && !settings.dataDir.startsWith('memory://'))
      mkdirSync(settings.dataDir, { recursive: true });
    database = await openDatabase(
      settings.databaseUrl ? { url: settings.databaseUrl } : { dataDir: settings.dataDir },
      { poolSize: 1, statementTimeoutMs: 0 },
    );
  } catch (error) {
    console.error(`import: no se puede abrir ${where}: ${message(error)}`);
    return 1;
  }
  try {
    await database.migrate();
    const started = performance.now();
    const report = await importCsv(database.db, options.kind, bytes, {
      dryRun: options.dryRun,
      strict: options.strict,
      // Products back in stock: their alerts' e-mails go into the outbox with the import.
      afterApply: async (tx) => {
        await sendBackInStockAlerts({ db: tx, settings, now: () => new Date() });
      },
    });
    console.log(formatImportReport(report, options.file));
    console.log(`(${where}, ${((performance.now() - started) / 1000).toFixed(2)} s)`);
    if (options.report) {
      const target = resolve(callerDirectory, options.report);
      await writeFile(target, rejectionsCsv(report));
      console.log(`Filas rechazadas escritas en ${target}.`);
    }
    return report.rejected > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof ImportFileError) {
      console.error(`import: ${options.file}: ${error.message}\nNo se ha importado nada.`);
      return 1;
    }
    const unreachable = connectionProblem(
      error,
      settings.databaseUrl ? { url: settings.databaseUrl } : { dataDir: settings.dataDir },
    );
    console.error(
      unreachable
        ? `import: ${unreachable}\nNo se ha importado nada.`
        : `import: ha fallado y no se ha guardado nada: ${message(error)}`,
    );
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
