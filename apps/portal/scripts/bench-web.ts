/**
 * Benchmark, not a test: Lighthouse (mobile) on /login, /, /catalog, /products/{id} and /cart of the
 * built portal served by the real server on fresh demo data, logged in where needed. Prints the
 * scores. Targets: performance ≥ 95, accessibility 100. Run with `pnpm bench:web` at the root.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createApiClient } from '@botica/api-client';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = resolve(import.meta.dirname, '..', '..', '..');
const dist = join(root, 'apps', 'portal', 'dist');
const port = Number(process.env.BENCH_PORT ?? 4320);
const origin = `http://127.0.0.1:${port}`;

async function waitFor(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`the server did not answer ${url} in time`);
}

function startServer(): ChildProcess {
  return spawn(
    process.execPath,
    ['--conditions=@botica/source', join(root, 'apps', 'api', 'src', 'server.ts')],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: 'memory://',
        PORTAL_DIST: dist,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
}

/** Logs in as farmacia.demo with the API client, fills a cart, and returns the session cookies and a product id. */
async function session(): Promise<{ cookie: string; productId: number }> {
  const cookies = new Map<string, string>();
  // The client keeps its own jar; watching its responses gives the browser the same cookies.
  const recordingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const at = pair.indexOf('=');
      if (at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  };
  const api = createApiClient({ baseUrl: origin, cookies: 'jar', fetch: recordingFetch });
  await api.auth.login({ username: 'farmacia.demo', password: 'Botica2026' });
  const products = await api.catalogue.searchProducts({ per_page: 3 });
  await api.cart.save({ products: products.data.map((product) => ({ id: product.id, quantity: 2 })) });
  cookies.set('botica_consent', encodeURIComponent('{"m":0,"a":0}'));
  return {
    cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    productId: products.data[0]?.id ?? 1,
  };
}

if (!existsSync(join(dist, 'index.html'))) {
  console.error('No built portal: run `pnpm --filter @botica/portal build` first (pnpm bench:web does).');
  process.exit(1);
}
const server = startServer();
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  await waitFor(`${origin}/`, Date.now() + 120_000);
  const { cookie, productId } = await session();
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const pages = [
    { path: '/login', cookie: `botica_consent=${encodeURIComponent('{"m":0,"a":0}')}` },
    { path: '/', cookie },
    { path: '/catalog', cookie },
    { path: `/products/${productId}`, cookie },
    { path: '/cart', cookie },
  ];
  const rows: string[] = [];
  for (const page of pages) {
    const result = await lighthouse(`${origin}${page.path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      extraHeaders: { Cookie: page.cookie },
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${page.path}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? '–';
    rows.push(
      `${page.path.padEnd(16)} performance ${String(score('performance')).padStart(3)}   accessibility ${String(score('accessibility')).padStart(3)}   LCP ${metric('largest-contentful-paint')}   TBT ${metric('total-blocking-time')}   CLS ${metric('cumulative-layout-shift')}`,
    );
    const failing = Object.values(lhr.audits).filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 1 &&
        lhr.categories.accessibility?.auditRefs.some((ref) => ref.id === audit.id),
    );
    for (const audit of failing) rows.push(`    accessibility: ${audit.id} (${audit.title})`);
  }
  console.log('\nLighthouse, mobile (targets: performance ≥ 95, accessibility 100)\n');
  console.log(rows.join('\n'));
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
}
