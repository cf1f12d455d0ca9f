/**
 * Benchmark, not a test: Lighthouse (mobile) on every page of both frontends, the portal's and the
 * back office's (under /backoffice/), built and served by the real server on fresh demo data. The
 * page lists are the builds' own (`dist/.vite/route-preloads.json`, derived from the route tables);
 * a path's `:id` becomes a demo record's id, an optional one is left out. One Lighthouse run per
 * page (`BENCH_RUNS` repeats them and adds each page's median); `BENCH_ROUTES=/login,/backoffice/orders`
 * keeps the pages whose path starts with one of those. Prints, per page: score, TBT, LCP, how many
 * scripts it loaded and their JavaScript gzipped (level 9, as scripts/check-bundle.ts measures it),
 * beside the machine's load average and the server's `/healthz` time at that moment. Targets:
 * performance ≥ 95, accessibility 100. Run with `pnpm bench:web` at the root.
 *
 * The browser holds the cookies itself, as a returning user's does: the consent answered for every
 * page (a first visit would show the cookie dialog); a pharmacist's session (farmacia.demo) for the
 * portal's pages but its access pages (/login…), the staff's (admin.demo) for the back office's but
 * its login. `BENCH_REPORTS=folder` also writes each page's full Lighthouse report (JSON) and its
 * trace (for DevTools' Performance panel) there.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createApiClient } from '@botica/api-client';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE_PATH } from '@botica/e2e-support/chromium';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  BENCH_HEADER,
  type BenchRow,
  benchRow,
  benchVerdict,
  concretePath,
  summary,
} from './lighthouse-summary.ts';

const root = resolve(import.meta.dirname, '..', '..', '..');
const dist = join(root, 'apps', 'portal', 'dist');
const backofficeDist = join(root, 'apps', 'backoffice', 'dist');
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
      BACKOFFICE_DIST: backofficeDist,
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

/** Logs in as `username` with the API client and returns the session's cookies and a way to GET as it. */
async function session(username: string) {
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
  await api.auth.login({ username, password: 'Botica2026' });
  /** The first record's id of a list the session may read (`{data: [...]}` or an array), if any. */
  const firstId = async (path: string): Promise<number | undefined> => {
    const cookie = [...cookies.values()].map(({ name, value }) => `${name}=${value}`).join('; ');
    const response = await fetch(`${origin}${path}`, { headers: { cookie, accept: 'application/json' } });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { data?: { id?: number }[] } | { id?: number }[];
    return (Array.isArray(body) ? body : (body.data ?? []))[0]?.id;
  };
  return { api, cookies: () => [...cookies.values()], firstId };
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

/** The pages of a build, from the list it hands the server (vite-plugins of app-shell). */
function pagesOf(distDir: string): string[] {
  return (
    JSON.parse(readFileSync(join(distDir, '.vite', 'route-preloads.json'), 'utf8')) as { pages: string[] }
  ).pages;
}

/**
 * A page's initial JavaScript, from Lighthouse's network requests: the scripts it requested before
 * its load event (the entry, its static imports and the route's preloads; not what it loads once idle
 * or on demand), gzipped as the budgets count them.
 */
function initialScriptsOf(lhr: { audits: Record<string, { details?: unknown }> }): {
  count: number;
  gzipBytes: number;
} {
  const metrics = lhr.audits.metrics?.details as { items?: { observedLoad?: number }[] } | undefined;
  const loadAt = metrics?.items?.[0]?.observedLoad ?? Number.POSITIVE_INFINITY;
  const requests = lhr.audits['network-requests']?.details as
    | { items?: { url: string; resourceType?: string; networkRequestTime?: number }[] }
    | undefined;
  const scripts = (requests?.items ?? []).filter(
    (item) =>
      item.resourceType === 'Script' &&
      item.url.startsWith(origin) &&
      (item.networkRequestTime ?? 0) <= loadAt,
  );
  let gzipBytes = 0;
  for (const { url } of scripts) {
    const path = new URL(url).pathname;
    const file = path.startsWith('/backoffice/')
      ? join(backofficeDist, path.slice('/backoffice/'.length))
      : join(dist, path.slice(1));
    if (existsSync(file)) gzipBytes += gzipSync(readFileSync(file), { level: 9 }).length;
  }
  return { count: scripts.length, gzipBytes };
}

/** How long the server takes to answer `/healthz` now (the machine's load shows in it too). */
async function healthzMs(): Promise<number> {
  const started = performance.now();
  await fetch(`${origin}/healthz`);
  return performance.now() - started;
}

/** The address a page needs to show itself rather than send its visitor on. */
const PAGE_QUERIES: Readonly<Record<string, string>> = { '/login/notification': '?motivo=alta' };

function withQuery(path: string | null, query: string | undefined): string | null {
  return path === null || query === undefined ? path : `${path}${query}`;
}

for (const [name, folder] of [
  ['portal', dist],
  ['back office', backofficeDist],
] as const) {
  if (!existsSync(join(folder, '.vite', 'route-preloads.json'))) {
    console.error(`No built ${name} in ${folder}: pnpm bench:web builds both frontends first.`);
    process.exit(1);
  }
}
const server = startServer();
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  await waitFor(`${origin}/healthz`, Date.now() + 120_000);
  const pharmacist = await session('farmacia.demo');
  const products = await pharmacist.api.catalogue.searchProducts({ per_page: 3 });
  await pharmacist.api.cart.save({
    products: products.data.map((product) => ({ id: product.id, quantity: 2 })),
  });
  const staff = await session('admin.demo');
  // A demo record for each page with an `:id`, from the list the page's own section reads.
  const portalIds: Record<string, number | undefined> = {
    '/products': products.data[0]?.id,
    '/mensajes': await pharmacist.firstId('/api/v1/messages'),
  };
  const backofficeLists: Record<string, string> = {
    '/orders': 'orders',
    '/pharmacies': 'pharmacies',
    '/catalogue/products': 'products',
    '/surveys': 'surveys',
    '/training/webinars': 'training/webinars',
    '/training/materials': 'training/materials',
    '/training/newsletters': 'training/newsletters',
    '/messages': 'messages',
    '/news': 'news',
    '/integration/keys': 'api-keys',
  };
  const backofficeIds: Record<string, number | undefined> = {};
  for (const [section, list] of Object.entries(backofficeLists)) {
    backofficeIds[section] = await staff.firstId(`/api/v1/admin/${list}`);
  }
  const pages = [
    ...pagesOf(dist).map((page) => ({
      route: page,
      path: withQuery(concretePath(page, portalIds), PAGE_QUERIES[page]),
      cookies: page.startsWith('/login') ? [consentCookie] : [consentCookie, ...pharmacist.cookies()],
    })),
    ...pagesOf(backofficeDist).map((page) => {
      const path = concretePath(page, backofficeIds);
      return {
        route: `/backoffice${page === '/' ? '/' : page}`,
        path: path === null ? null : `/backoffice${path === '/' ? '/' : path}`,
        cookies: page === '/login' ? [consentCookie] : [consentCookie, ...staff.cookies()],
      };
    }),
  ].filter(
    (page) =>
      !process.env.BENCH_ROUTES ||
      process.env.BENCH_ROUTES.split(',').some((prefix) => prefix && page.route.startsWith(prefix)),
  );
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_EXECUTABLE_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  const debuggingPort = chrome.port;
  const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
  const scores = new Map(
    pages.map((page) => [page.route, { performance: [] as number[], accessibility: [] as number[] }]),
  );
  const reports = process.env.BENCH_REPORTS;
  if (reports) mkdirSync(reports, { recursive: true });
  for (let run = 1; run <= runs; run += 1) {
    const rows: BenchRow[] = [];
    const notes: string[] = [];
    const title = runs > 1 ? `, run ${run} of ${runs}` : '';
    console.log(`\nLighthouse, mobile${title} (targets: performance ≥ 95, accessibility 100)\n`);
    console.log(BENCH_HEADER);
    for (const page of pages) {
      if (page.path === null) {
        notes.push(`${page.route}: skipped, the demo data has no record for its :id`);
        continue;
      }
      await useBrowserCookies(debuggingPort, page.cookies);
      const load = loadavg()[0] ?? 0;
      const healthz = await healthzMs();
      const audit = () =>
        lighthouse(`${origin}${page.path}`, {
          port: debuggingPort,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
      let result = await audit();
      // On a loaded machine Lighthouse now and then loses the trace's start (NO_NAVSTART): once more.
      if (result?.lhr.runtimeError) result = await audit();
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned nothing for ${page.path}`);
      if (reports) {
        const name = page.path.replace(/^\//, '').replace(/[/?=&]/g, '_') || 'home';
        const suffix = runs > 1 ? `-${run}` : '';
        writeFileSync(join(reports, `${name}${suffix}.json`), JSON.stringify(lhr, null, 2));
        writeFileSync(join(reports, `${name}${suffix}.trace.json`), JSON.stringify(result?.artifacts.Trace));
      }
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      scores.get(page.route)?.performance.push(score('performance'));
      scores.get(page.route)?.accessibility.push(score('accessibility'));
      const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
      const scripts = initialScriptsOf(lhr);
      const row: BenchRow = {
        route: page.path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        tbtMs: ms('total-blocking-time'),
        lcpMs: ms('largest-contentful-paint'),
        scripts: scripts.count,
        jsGzipBytes: scripts.gzipBytes,
        load,
        healthzMs: healthz,
      };
      rows.push(row);
      console.log(benchRow(row));
      const finalPath = lhr.finalDisplayedUrl.slice(origin.length);
      // A page that sends its visitor on (a reset link without its secret) is measured where it ends.
      if (finalPath !== page.path) notes.push(`${page.path} ended on ${finalPath}`);
      for (const audit of Object.values(lhr.audits)) {
        const isAccessibility = lhr.categories.accessibility?.auditRefs.some((ref) => ref.id === audit.id);
        if (isAccessibility && audit.score !== null && audit.score < 1) {
          notes.push(`${page.path} accessibility: ${audit.id} (${audit.title})`);
        }
      }
      if (lhr.runtimeError) notes.push(`${page.path} error: ${lhr.runtimeError.message}`);
    }
    console.log(`\n${benchVerdict(rows)}`);
    if (notes.length > 0) console.log(`\n${notes.join('\n')}`);
  }
  if (runs > 1) console.log(`\n${summary(scores, runs)}`);
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
}
