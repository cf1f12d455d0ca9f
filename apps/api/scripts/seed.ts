/**
 * Seeds the database with the demo data: `pnpm --filter @botica/api seed --products N --seed S [--reset]`.
 * Uses DATABASE_URL when set, else the PGlite folder DATA_DIR (default apps/api/.data/pglite); runs
 * the migrations first and refuses a database that already holds data unless --reset.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashPassword } from '../src/accounts/password.ts';
import { type DatabaseTarget, type OpenDatabase, openDatabase } from '../src/db/database.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  generateDemoData,
  hasAnyRows,
  parseSeedArguments,
  SEED_USAGE,
  type SeedArguments,
  seedDatabase,
} from '../src/demo-data/index.ts';

const DEFAULT_DATA_DIR = fileURLToPath(new URL('../.data/pglite', import.meta.url));

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function seed(database: OpenDatabase, options: SeedArguments, where: string): Promise<number> {
  if (!options.reset && (await hasAnyRows(database.db))) {
    console.error(`seed: ${where} already holds data; run again with --reset to empty it and seed afresh.`);
    return 1;
  }
  const generateStarted = performance.now();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const data = generateDemoData({
    products: options.products,
    seed: options.seed,
    now: new Date(),
    passwordHash,
  });
  const generateMs = performance.now() - generateStarted;
  const report = await seedDatabase(database.db, data, { reset: options.reset });

  const reset = options.reset ? ' after emptying every table' : '';
  console.log(`Seeded ${where}${reset} with seed ${String(options.seed)}:`);
  for (const [table, count] of Object.entries(report.counts)) {
    if (count > 0) console.log(`  ${table.padEnd(18)} ${String(count).padStart(7)}`);
  }
  console.log(
    `Generated in ${seconds(generateMs)} (password hash included), written in ${seconds(report.insertMs)}.`,
  );
  console.log(`Demo accounts, password ${DEMO_PASSWORD}: ${Object.values(DEMO_ACCOUNTS).join(', ')}.`);
  return 0;
}

async function main(): Promise<number> {
  let options: SeedArguments;
  try {
    options = parseSeedArguments(process.argv.slice(2));
  } catch (error) {
    console.error(`seed: ${message(error)}\n\n${SEED_USAGE}`);
    return 2;
  }
  if (options.help) {
    console.log(SEED_USAGE);
    return 0;
  }

  const url = process.env.DATABASE_URL?.trim();
  const target: DatabaseTarget = url
    ? { url }
    : { dataDir: resolve(process.env.DATA_DIR?.trim() || DEFAULT_DATA_DIR) };
  const where = 'url' in target ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${target.dataDir}`;

  const started = performance.now();
  let database: OpenDatabase;
  try {
    database = await openDatabase(target, { poolSize: 1 });
  } catch (error) {
    console.error(`seed: could not open ${where}: ${message(error)}`);
    return 1;
  }
  try {
    await database.migrate();
    const code = await seed(database, options, where);
    if (code === 0) console.log(`Done in ${seconds(performance.now() - started)}.`);
    return code;
  } catch (error) {
    console.error(`seed: ${message(error)}`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
