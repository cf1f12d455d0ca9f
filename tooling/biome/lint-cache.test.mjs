// Proves that turbo's cache sees a lint rule change: every package that lints with these files lists
// this package as a dev dependency, so its lint task depends on `lint-config`, whose hash is the
// configuration files; the builds, type checks and tests do not, so a rule change re-runs only the lints.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const bin = join(root, 'node_modules', '.bin');
const configs = readdirSync(here).filter((name) => name.endsWith('.json') && name !== 'package.json');

/** The workspace's packages whose lint script reads a configuration of this folder. */
function lintingPackages() {
  const found = [];
  for (const group of ['apps', 'packages', 'tooling']) {
    for (const dir of readdirSync(join(root, group))) {
      const file = join(root, group, dir, 'package.json');
      if (!existsSync(file)) continue;
      const manifest = JSON.parse(readFileSync(file, 'utf8'));
      if (manifest.name === '@botica/biome-config') continue;
      if (/--config-path=\S*biome\//.test(manifest.scripts?.lint ?? '')) found.push(manifest);
    }
  }
  return found;
}

const planned = JSON.parse(
  execFileSync(join(bin, 'turbo'), ['run', 'build', 'lint', 'typecheck', 'test', '--dry=json'], {
    cwd: root,
    encoding: 'utf8',
    // The plan lists every input file of every task: megabytes, past the 1 MB default.
    maxBuffer: 256 * 1024 * 1024,
    env: {
      ...process.env,
      PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`,
      TURBO_TELEMETRY_DISABLED: '1',
    },
  }),
).tasks;
const task = (id) => planned.find((candidate) => candidate.taskId === id);

test('every package that lints with these files lists them as a dev dependency', () => {
  const packages = lintingPackages();
  assert.ok(packages.length >= 8, `found ${packages.length} linting packages`);
  for (const manifest of packages) {
    assert.equal(
      manifest.devDependencies?.['@botica/biome-config'],
      'workspace:*',
      `${manifest.name} lints with tooling/biome but does not depend on @botica/biome-config`,
    );
  }
});

test('their lint tasks hash every configuration file, and nothing else does', () => {
  const config = task('@botica/biome-config#lint-config');
  assert.ok(config, 'the lint-config task is planned');
  assert.deepEqual(
    Object.keys(config.inputs).filter((file) => file !== 'package.json'),
    [...configs].sort(),
  );
  for (const manifest of lintingPackages()) {
    const lint = task(`${manifest.name}#lint`);
    assert.ok(
      lint.dependencies.includes('@botica/biome-config#lint-config'),
      `${manifest.name}#lint depends on the configuration`,
    );
  }
  for (const id of ['@botica/biome-config#build', '@botica/biome-config#transit']) {
    assert.deepEqual(Object.keys(task(id).inputs), ['package.json'], `${id} hashes no configuration`);
  }
});

test("turbo's global dependencies name files that exist", () => {
  const turbo = JSON.parse(readFileSync(join(root, 'turbo.json'), 'utf8'));
  for (const pattern of turbo.globalDependencies) {
    const dir = join(root, dirname(pattern));
    const name = pattern.slice(pattern.lastIndexOf('/') + 1);
    const matches = name.includes('*')
      ? readdirSync(dir).filter((file) =>
          new RegExp(`^${name.replace('.', '\\.').replace('*', '.*')}$`).test(file),
        )
      : [name].filter((file) => existsSync(join(dir, file)));
    assert.ok(matches.length > 0, `${pattern} matches no file`);
  }
});
