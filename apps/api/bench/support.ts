/**
 * What the API benchmarks share: the demo data and the workload read from it, the server started as a
 * child process, and logins of the demo pharmacies.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { type DatabaseTarget, openDatabase, selectRows } from '../src/db/database.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedIfEmpty } from '../src/demo-data/index.ts';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));

export interface Session {
  cookie: string;
  token: string;
}

export interface Workload {
  /** Ids of active products priced up to 30 €. */
  productIds: number[];
  queries: string[];
  carts: string[];
  usernames: string[];
}

export function stripAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '');
}

/** A small deterministic generator, so every run drives the same requests. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

export async function seedAndReadWorkload(target: DatabaseTarget, products: number): Promise<Workload> {
  const database = await openDatabase(target, { poolSize: 2 });
  try {
    await database.migrate();
    const started = performance.now();
    const report = await seedIfEmpty(database.db, { products, seed: 2026 });
    if (report)
      console.log(
        `  seeded ${report.counts.products} products in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    await database.db.execute(sql`analyze`);
    const catalogue = await selectRows<{ id: number; reference: string; name: string; price_cents: number }>(
      database.db,
      sql`select id, reference, name, price_cents from products where is_active order by id`,
    );
    const users = await selectRows<{ username: string }>(
      database.db,
      sql`select u.username from users u
          where u.role = 'client' and u.parent_user_id is null and u.is_active and u.username <> ${DEMO_ACCOUNTS.limite}
          order by u.id`,
    );
    const next = random(42);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
    const queries: string[] = [];
    for (let index = 0; index < 400; index += 1) {
      const product = pick(catalogue);
      const words = product.name.split(' ').filter((word) => word.length >= 4 && /^\p{L}+$/u.test(word));
      const word = words.length > 0 ? pick(words) : product.name;
      switch (index % 5) {
        case 0:
          queries.push(product.reference);
          break;
        case 1:
          queries.push(product.reference.slice(0, Math.max(3, product.reference.length - 2)).toLowerCase());
          break;
        case 2:
          queries.push(word);
          break;
        case 3:
          queries.push(stripAccents(word).toLowerCase());
          break;
        default: {
          const plain = stripAccents(word).toLowerCase();
          const at = Math.min(plain.length - 1, 2 + Math.floor(next() * (plain.length - 2)));
          queries.push(`${plain.slice(0, at)}${plain[at] === 'e' ? 'a' : 'e'}${plain.slice(at + 1)}`);
        }
      }
    }
    const affordable = catalogue.filter((product) => product.price_cents <= 3_000);
    const carts: string[] = [];
    for (let index = 0; index < 400; index += 1) {
      const lines = new Map<number, number>();
      const count = 1 + Math.floor(next() * 4);
      while (lines.size < count) lines.set(pick(affordable).id, 1 + Math.floor(next() * 2));
      carts.push(JSON.stringify({ products: [...lines].map(([id, quantity]) => ({ id, quantity })) }));
    }
    return {
      productIds: affordable.map((product) => product.id),
      queries: queries.map((query) => JSON.stringify({ query, page: 0 })),
      carts,
      usernames: users.map((u) => u.username),
    };
  } finally {
    await database.close();
  }
}

export function startServer(
  port: number,
  env: Record<string, string>,
  flags: readonly string[] = [],
): ChildProcess {
  return spawn(process.execPath, [...flags, '--conditions=@botica/source', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // Every pharmacy logs in at once from this one address: logins in flight count against the
      // address's login limits until they are answered.
      ATTEMPT_LIMIT_PER_ADDRESS: '100000',
      ATTEMPT_LIMIT_PER_ADDRESS_DAY: '1000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function waitForServer(base: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/sanctum/csrf-cookie`)).status === 204) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start');
}

export function cookiesOf(response: Response, jar: Map<string, string>): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
}

export async function login(base: string, username: string): Promise<Session> {
  const jar = new Map<string, string>();
  const header = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  cookiesOf(await fetch(`${base}/sanctum/csrf-cookie`), jar);
  const response = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: header(),
      'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '',
    },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login of ${username} failed: ${response.status}`);
  cookiesOf(response, jar);
  return { cookie: header(), token: jar.get('XSRF-TOKEN') ?? '' };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}
