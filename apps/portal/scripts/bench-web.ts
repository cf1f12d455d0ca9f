/**
 * Benchmark, not a test: Lighthouse (mobile) on /login, /, /catalog, /products/{id} and /cart of the
 * built portal served by the real server on fresh demo data, logged in where needed. Prints the
 * scores of each run (three by default, `BENCH_RUNS`) and each page's median. Targets: performance
 * ≥ 95 (the median run), accessibility 100 (every run). Run with `pnpm bench:web` at the root.
 *
 * The browser holds the cookies itself, as a returning pharmacist's does: the consent answered for
 * every page (a first visit would show the cookie dialog), and the session for the client pages.
 * `BENCH_REPORTS=folder` also writes each page's full Lighthouse report (JSON) and its trace (for
 * DevTools' Performance panel) there.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createApiClient } from '@botica/api-client';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE_PATH } from '@botica/e2e-support/chromium';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { summary } from './lighthouse-summary.ts';

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

/**
 * The real server on fresh demo data, at the lowest CPU priority (`nice -n 19`, inherited by all of
 * its threads). In production the API runs on its own machine; here it shares this machine's CPUs
 * with Chromium, and its work for a page's requests and images would otherwise land in the middle of
 * the page's own tasks, which Lighthouse then multiplies by its CPU slowdown. At the lowest priority
 * it still answers at once whenever Chromium waits on it. Without `nice` on the PATH it runs as is.
 */
function startServer(): ChildProcess {
  const node = [
    process.execPath,
    '--conditions=@botica/source',
    join(root, 'apps', 'api', 'src', 'server.ts'),
  ];
  const command = niceAvailable() ? ['nice', '-n', '19', ...node] : node;
  const [file = process.execPath, ...args] = command;
  return spawn(file, args, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      PORTAL_DIST: dist,
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'on',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

function niceAvailable(): boolean {
  return spawnSync('nice', ['true']).status === 0;
}

/** A cookie as Chrome's DevTools protocol sets it (Network.CookieParam). */
interface BrowserCookie {
  name: string;
  value: string;
  url: string;
  path: string;
  httpOnly: boolean;
  sameSite?: 'Strict' | 'Lax' | 'None';
  expires?: number;
}

/** Reads one `Set-Cookie` header of the portal's origin into what the browser would store. */
function parseSetCookie(line: string): BrowserCookie | null {
  const [pair = '', ...attributes] = line.split(';');
  const at = pair.indexOf('=');
  if (at <= 0) return null;
  const cookie: BrowserCookie = {
    name: pair.slice(0, at).trim(),
    value: pair.slice(at + 1).trim(),
    url: origin,
    path: '/',
    httpOnly: false,
  };
  for (const attribute of attributes) {
    const [key = '', raw = ''] = attribute.split('=');
    const name = key.trim().toLowerCase();
    if (name === 'path') cookie.path = raw.trim();
    else if (name === 'httponly') cookie.httpOnly = true;
    else if (name === 'samesite') {
      const value = raw.trim().toLowerCase();
      cookie.sameSite = value === 'strict' ? 'Strict' : value === 'none' ? 'None' : 'Lax';
    } else if (name === 'max-age') cookie.expires = Date.now() / 1000 + Number(raw.trim());
  }
  return cookie;
}

/** Logs in as farmacia.demo with the API client, fills a cart, and returns the session cookies and a product id. */
async function session(): Promise<{ cookies: BrowserCookie[]; productId: number }> {
  const cookies = new Map<string, BrowserCookie>();
  // The client keeps its own jar; watching its responses gives the browser the same cookies.
  const recordingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    for (const header of response.headers.getSetCookie()) {
      const cookie = parseSetCookie(header);
      if (cookie) cookies.set(cookie.name, cookie);
    }
    return response;
  };
  const api = createApiClient({ baseUrl: origin, cookies: 'jar', fetch: recordingFetch });
  await api.auth.login({ username: 'farmacia.demo', password: 'Botica2026' });
  const products = await api.catalogue.searchProducts({ per_page: 3 });
  await api.cart.save({ products: products.data.map((product) => ({ id: product.id, quantity: 2 })) });
  return { cookies: [...cookies.values()], productId: products.data[0]?.id ?? 1 };
}

/** The consent cookie as the portal's dialog stores it (features/consent): essential cookies only. */
const consentCookie: BrowserCookie = {
  name: 'botica_consent',
  value: encodeURIComponent('{"m":0,"a":0}'),
  url: origin,
  path: '/',
  httpOnly: false,
  sameSite: 'Lax',
  expires: Date.now() / 1000 + 91 * 24 * 3600,
};

/**
 * Gives the browser exactly these cookies, in its own store (the default context, where Lighthouse
 * opens its tabs), through the DevTools protocol of the browser the benchmark launched.
 */
async function useBrowserCookies(debuggingPort: number, cookies: BrowserCookie[]): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${debuggingPort}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((opened, failed) => {
    socket.addEventListener('open', opened, { once: true });
    socket.addEventListener('error', failed, { once: true });
  });
  const pending = new Map<number, { done: () => void; failed: (error: Error) => void }>();
  socket.addEventListener('message', (event) => {
    const reply = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
    const waiting = reply.id === undefined ? undefined : pending.get(reply.id);
    if (reply.error) waiting?.failed(new Error(reply.error.message));
    else waiting?.done();
  });
  const send = (id: number, method: string, params: object) =>
    new Promise<void>((done, failed) => {
      pending.set(id, { done, failed });
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await send(1, 'Storage.clearCookies', {});
    await send(2, 'Storage.setCookies', { cookies });
  } finally {
    socket.close();
  }
}

if (!existsSync(join(dist, 'index.html'))) {
  console.error('No built portal: run `pnpm --filter @botica/portal build` first (pnpm bench:web does).');
  process.exit(1);
}
const server = startServer();
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  await waitFor(`${origin}/`, Date.now() + 120_000);
  const { cookies, productId } = await session();
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_EXECUTABLE_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  const debuggingPort = chrome.port;
  // /login with the consent answered and no session (a pharmacist logging in again); the other
  // pages with the session too. BENCH_PAGES=login,catalog picks pages; BENCH_RUNS (3) repeats them.
  const pages = [
    { name: 'login', path: '/login', cookies: [consentCookie] },
    { name: 'home', path: '/', cookies: [consentCookie, ...cookies] },
    { name: 'catalog', path: '/catalog', cookies: [consentCookie, ...cookies] },
    { name: 'product', path: `/products/${productId}`, cookies: [consentCookie, ...cookies] },
    { name: 'cart', path: '/cart', cookies: [consentCookie, ...cookies] },
  ].filter((page) => !process.env.BENCH_PAGES || process.env.BENCH_PAGES.split(',').includes(page.name));
  const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
  const scores = new Map(
    pages.map((page) => [page.path, { performance: [] as number[], accessibility: [] as number[] }]),
  );
  const reports = process.env.BENCH_REPORTS;
  if (reports) mkdirSync(reports, { recursive: true });
  for (let run = 1; run <= runs; run += 1) {
    const rows: string[] = [];
    for (const page of pages) {
      await useBrowserCookies(debuggingPort, page.cookies);
      const result = await lighthouse(`${origin}${page.path}`, {
        port: debuggingPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned nothing for ${page.path}`);
      if (lhr.finalDisplayedUrl !== `${origin}${page.path}`) {
        throw new Error(
          `${page.path} ended on ${lhr.finalDisplayedUrl}: the cookies did not reach the browser`,
        );
      }
      if (reports) {
        const suffix = runs > 1 ? `-${run}` : '';
        writeFileSync(join(reports, `${page.name}${suffix}.json`), JSON.stringify(lhr, null, 2));
        const trace = result.artifacts.Trace;
        writeFileSync(join(reports, `${page.name}${suffix}.trace.json`), JSON.stringify(trace));
      }
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      scores.get(page.path)?.performance.push(score('performance'));
      scores.get(page.path)?.accessibility.push(score('accessibility'));
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
      if (lhr.runtimeError) rows.push(`    error: ${lhr.runtimeError.message}`);
    }
    const title = runs > 1 ? `, run ${run} of ${runs}` : '';
    console.log(`\nLighthouse, mobile${title} (targets: performance ≥ 95, accessibility 100)\n`);
    console.log(rows.join('\n'));
  }
  if (runs > 1) console.log(`\n${summary(scores, runs)}`);
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
}
