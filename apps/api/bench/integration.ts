/**
 * The ERP's bulk upserts, measured (not a test): `pnpm bench:integration`. On PGlite, and on the
 * PostgreSQL of `DATABASE_URL` when it is set (its database gets the demo data if empty, and the
 * batches' products), it starts the real server in a child process and sends, each with an
 * `Idempotency-Key`, one batch of 20,000 new products, the same 20,000 with a new price, and 20,000
 * stock figures. For each it prints the batch's wall time, items/s, the load average, and `/healthz`
 * req/s measured meanwhile (autocannon, 4 connections), beside `/healthz` req/s of the idle server.
 * BENCH_ITEMS (20000), BENCH_ENGINES (pglite,postgres) override.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { type DatabaseTarget, openDatabase } from '../src/db/database.ts';
import { createApiKey } from '../src/integration/api-keys-service.ts';
import { testSettings } from '../src/settings/settings.ts';
import { freePort } from '../src/testing/postgres-server.ts';
import { seedAndReadWorkload, startServer, waitForServer } from './support.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 20_000);
const HEALTH_CONNECTIONS = 4;
const IDLE_SECONDS = 3;
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres')
  .split(',')
  .filter((engine) => engine === 'pglite' || (engine === 'postgres' && process.env.DATABASE_URL)) as (
  | 'pglite'
  | 'postgres'
)[];

interface Figures {
  engine: string;
  batch: string;
  items: number;
  seconds: number;
  perSecond: number;
  healthPerSecond: number;
  idleHealthPerSecond: number;
  load: string;
  totals: string;
}

/** Drives `/healthz` until `stop` is called; answers req/s. */
function driveHealth(base: string): { stop: () => Promise<number> } {
  let answered = 0;
  const started = performance.now();
  const instance = autocannon({ url: `${base}/healthz`, connections: HEALTH_CONNECTIONS, duration: 3_600 });
  instance.on('response', () => {
    answered += 1;
  });
  return {
    stop: async () => {
      const seconds = (performance.now() - started) / 1000;
      instance.stop();
      await instance;
      return answered / seconds;
    },
  };
}

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function benchEngine(engine: 'pglite' | 'postgres'): Promise<Figures[]> {
  console.log(`\n${engine}: preparing…`);
  const cleanups: (() => void)[] = [];
  let env: Record<string, string>;
  let target: DatabaseTarget;
  if (engine === 'pglite') {
    const folder = mkdtempSync(join(tmpdir(), 'botica-bench-integration-'));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    target = { dataDir: folder };
    // Empty is unset: the embedded database, even when DATABASE_URL names the PostgreSQL run's.
    env = { DATA_DIR: folder, DATABASE_URL: '' };
  } else {
    const url = process.env.DATABASE_URL as string;
    target = { url };
    env = { DATABASE_URL: url };
  }
  let child: ChildProcess | undefined;
  try {
    await seedAndReadWorkload(target, 50);
    const database = await openDatabase(target, { poolSize: 1 });
    let secret: string;
    try {
      ({ secret } = await createApiKey(
        { db: database.db, settings: testSettings(), now: () => new Date() },
        { name: 'Banco de pruebas', scopes: ['catalogue', 'stock'], ratePerMinute: 100_000 },
        null,
      ));
    } finally {
      await database.close();
    }
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = startServer(port, env);
    await waitForServer(base, child);

    const idle = driveHealth(base);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const idleHealthPerSecond = await idle.stop();

    const run = `${Date.now().toString(36)}`;
    const references = Array.from({ length: ITEMS }, (_, index) => `BENCH-${run}-${String(index)}`);
    const product = (reference: string, index: number, price: number) => ({
      reference,
      name: `Producto de banco ${String(index)} ${run}`,
      description: 'Complemento alimenticio de prueba, con una descripción de un par de frases.',
      format: '60 cápsulas',
      list_price: price,
      vat_rate: 10,
      national_code: null,
      ean: null,
      active: true,
      stock_units: 100,
    });
    const batches = [
      ['products (new)', 'products', references.map((reference, index) => product(reference, index, 12.5))],
      [
        'products (new price)',
        'products',
        references.map((reference, index) => product(reference, index, 13.1)),
      ],
      [
        'stock',
        'stock',
        references.map((reference, index) => ({ reference, units: index % 25, expected_on: null })),
      ],
    ] as const;
    const figures: Figures[] = [];
    for (const [name, path, items] of batches) {
      const body = JSON.stringify({ items });
      const health = driveHealth(base);
      const started = performance.now();
      const response = await fetch(`${base}/api/v1/integration/${path}`, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${secret}`,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body,
      });
      const answer = (await response.json()) as { data?: { totals: Record<string, number> } };
      const seconds = (performance.now() - started) / 1000;
      const healthPerSecond = await health.stop();
      if (response.status !== 200) throw new Error(`${name}: ${response.status} ${JSON.stringify(answer)}`);
      const line: Figures = {
        engine,
        batch: name,
        items: items.length,
        seconds,
        perSecond: items.length / seconds,
        healthPerSecond,
        idleHealthPerSecond,
        load: loadAverage(),
        totals: Object.entries(answer.data?.totals ?? {})
          .map(([key, value]) => `${key} ${String(value)}`)
          .join(', '),
      };
      console.log(
        `  ${name.padEnd(22)} ${line.seconds.toFixed(2).padStart(6)} s  ${line.perSecond.toFixed(0).padStart(6)} items/s   /healthz ${line.healthPerSecond.toFixed(0)} req/s meanwhile (idle ${line.idleHealthPerSecond.toFixed(0)})   load ${line.load}   (${line.totals}; ${(body.length / 1_048_576).toFixed(1)} MB)`,
      );
      figures.push(line);
    }
    return figures;
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    for (const cleanup of cleanups.reverse()) cleanup();
  }
}

async function main(): Promise<void> {
  console.log(`Botica integration benchmark: batches of ${ITEMS} items; load average now ${loadAverage()}.`);
  const all: Figures[] = [];
  for (const engine of ENGINES) all.push(...(await benchEngine(engine)));
  console.log(
    '\n| database | batch | items | wall s | items/s | /healthz req/s meanwhile | /healthz idle | load 1/5/15 |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---|');
  for (const line of all) {
    console.log(
      `| ${line.engine} | ${line.batch} | ${line.items} | ${line.seconds.toFixed(2)} | ${line.perSecond.toFixed(0)} | ${line.healthPerSecond.toFixed(0)} | ${line.idleHealthPerSecond.toFixed(0)} | ${line.load} |`,
    );
  }
  if (!ENGINES.includes('postgres'))
    console.log('\nPostgreSQL skipped: set DATABASE_URL to measure it (its database receives the batches).');
}

await main();
