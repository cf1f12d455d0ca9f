/**
 * The release's dry run, in `npm test`: what `pnpm release` would publish, checked the way another team
 * meets it. The three publishable packages are packed with pnpm (as `changeset publish` does, so the
 * `catalog:` and `workspace:` ranges are rewritten as they would be), each tarball is linted with
 * publint and attw, and a scratch project outside the monorepo installs the three tarballs, imports
 * them from ESM and from CommonJS, and type-checks a consumer that imports them (and the stylesheet).
 *
 * It reads `packages/*\/dist`: turbo runs it after the packages' builds (`^build` in turbo.json).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { pendingBumps, readCatalog, readChangesets } from './release-plan.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const bin = join(root, 'node_modules', '.bin');
const env = {
  ...process.env,
  PATH: `${join(here, 'node_modules', '.bin')}${delimiter}${bin}${delimiter}${process.env.PATH ?? ''}`,
  FORCE_COLOR: '0',
  NO_COLOR: '1',
};

/** The packages another team installs, by folder under packages/. */
const PUBLISHED = [
  { dir: 'domain', name: '@botica/domain' },
  { dir: 'api-client', name: '@botica/api-client' },
  { dir: 'ui', name: '@botica/ui' },
];

let scratch;
/** name → { tarball, manifest, files } */
const packed = new Map();

/** How long a command may run before it is stopped. */
const COMMAND_TIMEOUT_MS = 300_000;

/**
 * Runs a command to its end. Its standard input is closed at once, so a command that would ask a
 * question gets an answer (end of input) instead of waiting for one; and it is stopped after five
 * minutes, so a command stuck on a lock or the network fails this test with what it printed instead
 * of holding the whole run. It runs in a process group of its own, and the whole group is stopped:
 * `node_modules/.bin/pnpm` is a shell script whose Node child would otherwise live on, still holding
 * the store's lock that a second attempt then waits for.
 */
async function sh(command, args, options = {}) {
  const child = spawn(command, args, { env, detached: true, stdio: ['pipe', 'pipe', 'pipe'], ...options });
  child.stdin.end();
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    stderr += chunk;
  });
  let killed = false;
  const timer = setTimeout(() => {
    killed = true;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }, COMMAND_TIMEOUT_MS);
  const [code, signal] = await new Promise((done, fail) => {
    child.once('error', fail);
    child.once('close', (...ended) => done(ended));
  }).finally(() => clearTimeout(timer));
  if (code === 0) return { stdout, stderr };
  const error = new Error(
    `Command failed (${signal ?? `exit ${code}`}${killed ? ', stopped after 5 minutes' : ''}): ${command} ${args.join(' ')}` +
      `\n--- stdout\n${stdout}\n--- stderr\n${stderr}`,
  );
  Object.assign(error, { code, signal, killed, stdout, stderr });
  throw error;
}

/** The file names inside a tarball, without the leading `package/`. */
async function tarballFiles(tarball) {
  const { stdout } = await sh('tar', ['-tzf', tarball]);
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => line.replace(/^package\//, ''));
}

before(async () => {
  for (const { dir } of PUBLISHED) {
    assert.ok(
      existsSync(join(root, 'packages', dir, 'dist', 'index.js')),
      `packages/${dir}/dist is missing: build first (turbo run build --filter=@botica/release-check...)`,
    );
  }
  scratch = await mkdtemp(join(tmpdir(), 'botica-release-check-'));
  const tarballs = join(scratch, 'tarballs');
  await mkdir(tarballs);
  await Promise.all(
    PUBLISHED.map(async ({ dir, name }) => {
      const { stdout } = await sh('pnpm', ['pack', '--json', '--pack-destination', tarballs], {
        cwd: join(root, 'packages', dir),
      });
      const tarball = JSON.parse(stdout).filename;
      const { stdout: manifest } = await sh('tar', ['-xzOf', tarball, 'package/package.json']);
      packed.set(name, { tarball, manifest: JSON.parse(manifest), files: await tarballFiles(tarball) });
    }),
  );
});

after(async () => {
  if (scratch && !process.env.BOTICA_KEEP_RELEASE_CHECK) await rm(scratch, { recursive: true, force: true });
});

/**
 * An exports map without the monorepo's `@botica/source` condition: what consumers must get. An entry
 * with no other condition is the monorepo's own (`@botica/ui/test-setup`, for its tests) and is not
 * published at all.
 */
function withoutSourceCondition(exports) {
  return Object.fromEntries(
    Object.entries(exports)
      .map(([entry, target]) => [
        entry,
        typeof target === 'string'
          ? target
          : Object.fromEntries(
              Object.entries(target).filter(([condition]) => condition !== '@botica/source'),
            ),
      ])
      .filter(([, target]) => typeof target === 'string' || Object.keys(target).length > 0),
  );
}

test('the packed manifests: caret ranges, no workspace or catalog protocol, engines, licence, files', async () => {
  const versions = new Map();
  for (const { dir, name } of PUBLISHED) {
    const source = JSON.parse(await readFile(join(root, 'packages', dir, 'package.json'), 'utf8'));
    versions.set(name, source.version);
    // publishConfig.exports replaces the exports on pack: the same map, less the source condition
    // (it names src/, which is not published, and would put a non-types condition before `types`).
    assert.deepEqual(
      packed.get(name).manifest.exports,
      withoutSourceCondition(source.exports),
      `${name}: exports`,
    );
  }
  for (const { name } of PUBLISHED) {
    const { manifest, files } = packed.get(name);
    for (const [dependency, range] of Object.entries(manifest.dependencies ?? {})) {
      if (versions.has(dependency))
        assert.equal(range, `^${versions.get(dependency)}`, `${name} → ${dependency}`);
    }
    const text = JSON.stringify(manifest);
    assert.doesNotMatch(
      text,
      /"(workspace|catalog):/,
      `${name}: a workspace: or catalog: range was published`,
    );
    for (const field of ['dependencies', 'peerDependencies']) {
      for (const [dependency, range] of Object.entries(manifest[field] ?? {})) {
        assert.match(
          range,
          /^\^\d+\.\d+\.\d+$/,
          `${name}: ${field}.${dependency} is '${range}', not a caret range`,
        );
      }
    }
    assert.equal(manifest.engines?.node, '>=22.12', `${name}: engines.node`);
    assert.equal(manifest.license, 'SEE LICENSE IN LICENSE', `${name}: license`);
    assert.ok(files.includes('LICENSE'), `${name}: the tarball has a LICENSE`);
    assert.ok(files.includes('README.md'), `${name}: the tarball has its README`);
    assert.deepEqual(
      files.filter((file) => !/^(dist\/|LICENSE$|README\.md$|CHANGELOG\.md$|package\.json$)/.test(file)),
      [],
      `${name}: only dist, the README, the changelog and the licence are published`,
    );
    assert.ok(manifest.main && manifest.types, `${name}: main and types for resolvers without exports`);
  }
  assert.deepEqual(Object.keys(packed.get('@botica/ui').manifest.peerDependencies).sort(), [
    'react',
    'react-dom',
  ]);
  assert.deepEqual(Object.keys(packed.get('@botica/api-client').manifest.peerDependencies), ['zod']);
});

test('publint finds nothing in any tarball (strict)', async () => {
  for (const { name } of PUBLISHED) {
    const { stdout } = await sh('publint', [
      'run',
      packed.get(name).tarball,
      '--strict',
      '--level',
      'suggestion',
    ]);
    assert.match(stdout, /All good!/, `${name}: publint\n${stdout}`);
  }
});

test('attw: the types resolve under node10, node16 (ESM and CJS) and bundlers', async () => {
  // attw does not know require(esm) yet (arethetypeswrong.github.io#252): it reports a require() that
  // resolves to ESM as 'CJSResolvesToESM', which Node 22.12+ runs (the scratch project below proves
  // it, at run time and under TypeScript's nodenext). Every other rule is in force.
  await Promise.all(
    PUBLISHED.map(async ({ name }) => {
      const { stdout } = await sh('attw', [
        packed.get(name).tarball,
        '--ignore-rules',
        'cjs-resolves-to-esm',
        '--format',
        'table-flipped',
      ]);
      assert.match(stdout, /No problems found/, `${name}: attw\n${stdout}`);
    }),
  );
});

test('a scratch project outside the monorepo installs the tarballs, imports them from ESM and CommonJS and type-checks', async () => {
  const catalog = readCatalog(await readFile(join(root, 'pnpm-workspace.yaml'), 'utf8'));
  const project = join(scratch, 'consumer');
  await mkdir(project);
  await writeFile(
    join(project, 'package.json'),
    JSON.stringify({
      name: 'botica-consumer',
      private: true,
      version: '0.0.0',
      // As a registry would: @botica/ui's dependency on @botica/domain is the packed domain.
      pnpm: {
        overrides: Object.fromEntries(
          PUBLISHED.map(({ name }) => [name, `file:${packed.get(name).tarball}`]),
        ),
      },
    }),
  );
  for (const [file, text] of Object.entries(consumerFiles())) await writeFile(join(project, file), text);
  // The consumer owns react, react-dom and zod (the peers) and brings @types/react for its type check.
  // pnpm takes what it can from its store (filled by the monorepo's install) and asks the registry for the rest.
  // Once more if it timed out: an install that waited on the network or on another pnpm's lock on a
  // busy machine is not a fault of the packages; a second timeout fails the test.
  const add = (attempt = 1) =>
    sh('pnpm', addArgs, { cwd: project }).catch((error) => {
      if (error.killed && attempt === 1) return add(2);
      throw error;
    });
  const addArgs = [
    'add',
    '--prefer-offline',
    '--config.auto-install-peers=false',
    '--config.strict-peer-dependencies=true',
    // A second attempt may meet the first one's half-made node_modules: replace it without asking.
    '--config.confirm-modules-purge=false',
    // A registry request that hangs is given up and tried again within seconds, not pnpm's minute.
    '--config.fetch-timeout=20000',
    '--config.fetch-retries=4',
    ...PUBLISHED.map(({ name }) => packed.get(name).tarball),
    `react@${catalog.react}`,
    `react-dom@${catalog['react-dom']}`,
    `zod@${catalog.zod.replace(/^\^/, '')}`,
    `@types/react@${catalog['@types/react']}`,
    `@types/react-dom@${catalog['@types/react-dom']}`,
  ];
  await add();

  // TypeScript as a Node project (nodenext: an ESM and a CommonJS file) and as a bundler project
  // would, while Node runs the two consumers.
  const typeChecked = Promise.all(
    ['tsconfig.node.json', 'tsconfig.bundler.json'].map((config) =>
      sh(join(bin, 'tsc'), ['-p', config], { cwd: project }),
    ),
  );
  typeChecked.catch(() => {}); // awaited below, after the run-time checks
  for (const file of ['consumer.mjs', 'consumer.cjs']) {
    const { stdout } = await sh(join(bin, 'node'), [file], { cwd: project });
    const seen = JSON.parse(stdout);
    assert.match(seen.euros, /^1\.234,56\s€$/u, `${file}: @botica/domain`);
    assert.equal(seen.client, 'function', `${file}: @botica/api-client's createApiClient`);
    assert.equal(seen.login, true, `${file}: @botica/api-client/schemas`);
    assert.equal(seen.cart, '/api/v1/cart', `${file}: @botica/api-client/endpoints`);
    assert.equal(seen.openapi, 'function', `${file}: @botica/api-client/openapi`);
    assert.equal(seen.admin, 'function', `${file}: @botica/api-client/admin`);
    assert.match(seen.price, /class="bt-price/, `${file}: @botica/ui renders`);
    assert.match(seen.button, /<button/, `${file}: @botica/ui's react-aria button renders`);
    assert.ok(seen.styles > 1000, `${file}: @botica/ui/styles.css resolves to the stylesheet`);
  }
  await typeChecked;
});

test('the first release: every never-released package (0.0.0) goes out as 0.1.0, all three together', async () => {
  const bumps = pendingBumps(await readChangesets(join(root, '.changeset')));
  const unreleased = [];
  for (const { dir, name } of PUBLISHED) {
    const { version } = JSON.parse(await readFile(join(root, 'packages', dir, 'package.json'), 'utf8'));
    if (version === '0.0.0') unreleased.push(name);
  }
  for (const name of unreleased) {
    assert.equal(
      bumps.get(name),
      'minor',
      `${name} is unreleased: its pending changesets must make it 0.1.0`,
    );
  }
  assert.ok(
    unreleased.length === 0 || unreleased.length === PUBLISHED.length,
    `the first release publishes the three packages together; unreleased: ${unreleased.join(', ')}`,
  );
});

/** The scratch project's sources: what another team writes. */
function consumerFiles() {
  const esm = `import { formatEuros } from '@botica/domain';
import { createApiClient } from '@botica/api-client';
import { LoginRequestSchema } from '@botica/api-client/schemas';
import { portalEndpoints } from '@botica/api-client/endpoints';
import { openApiDocument } from '@botica/api-client/openapi';
import { createAdminClient } from '@botica/api-client/admin';
import { Button, Price } from '@botica/ui';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const styles = readFileSync(fileURLToPath(import.meta.resolve('@botica/ui/styles.css')), 'utf8');
console.log(JSON.stringify({
  euros: formatEuros(123456),
  client: typeof createApiClient({ baseUrl: 'http://localhost:1' }).auth.login,
  login: LoginRequestSchema.safeParse({ username: 'farmacia', password: 'x' }).success,
  cart: portalEndpoints.cart.save.path,
  openapi: typeof openApiDocument,
  admin: typeof createAdminClient({ baseUrl: 'http://localhost:1' }).registrations.list,
  price: renderToString(createElement(Price, { amountCents: 995 })),
  button: renderToString(createElement(Button, null, 'Añadir')),
  styles: styles.length,
}));
`;
  const cjs = esm
    .replace(/^import \{ (.+) \} from '(.+)';$/gm, "const { $1 } = require('$2');")
    .replace(
      "fileURLToPath(import.meta.resolve('@botica/ui/styles.css'))",
      "require.resolve('@botica/ui/styles.css')",
    );
  const typed = (
    kind,
  ) => `${kind === 'esm' ? "import '@botica/ui/styles.css';\n" : ''}import { type DateInput, formatEuros } from '@botica/domain';
import { type ApiClient, ApiError, createApiClient } from '@botica/api-client';
import { type LoginRequest, LoginRequestSchema } from '@botica/api-client/schemas';
import { type PriceProps, Price } from '@botica/ui';
import { createElement } from 'react';

const euros: string = formatEuros(123456);
const client: ApiClient = createApiClient({ baseUrl: 'https://botica.example', timeout: 5000 });
const login: LoginRequest = LoginRequestSchema.parse({ username: 'farmacia', password: 'x' });
const props: PriceProps = { amountCents: 995, suffix: '/ud' };
const element = createElement(Price, props);
const failed = (error: unknown): boolean => error instanceof ApiError && error.status === 401;
export const used: unknown[] = [euros, client, login, element, failed, null as DateInput | null];
`;
  const compilerOptions = {
    strict: true,
    noEmit: true,
    target: 'es2023',
    lib: ['es2023', 'dom'],
    types: [],
    // Declaration files are not checked (attw checks ours resolve; a full check of react's and
    // react-aria's declarations tripled the run time); what the consumer's own code uses is.
    skipLibCheck: true,
    noUncheckedSideEffectImports: true,
  };
  return {
    'consumer.mjs': esm,
    'consumer.cjs': cjs,
    'typed.mts': typed('esm'),
    'typed.cts': typed('cjs'),
    'bundled.ts': typed('esm'),
    'tsconfig.node.json': JSON.stringify({
      compilerOptions: { ...compilerOptions, module: 'nodenext', moduleResolution: 'nodenext' },
      files: ['typed.mts', 'typed.cts'],
    }),
    'tsconfig.bundler.json': JSON.stringify({
      compilerOptions: { ...compilerOptions, module: 'preserve', moduleResolution: 'bundler' },
      files: ['bundled.ts'],
    }),
  };
}
