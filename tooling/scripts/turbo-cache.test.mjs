/**
 * The build's cache never lies: a package's type check, lint and tests run again when the sources of
 * a workspace package it uses change. The packages resolve each other to their sources, so turbo's
 * transit task (`dependsOn: ['^transit']`) puts those sources into the hashes.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { delimiter, dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const bin = join(root, 'node_modules', '.bin');

/** What turbo would run for the tasks of a package (a dry run: nothing runs, nothing changes). */
function plannedTasks(tasks, filter) {
  const output = execFileSync(join(bin, 'turbo'), ['run', ...tasks, `--filter=${filter}`, '--dry=json'], {
    cwd: root,
    encoding: 'utf8',
    env: {
      ...process.env,
      PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`,
      TURBO_TELEMETRY_DISABLED: '1',
    },
  });
  return JSON.parse(output).tasks;
}

test("the portal's type check, lint and tests hash the sources of domain, api-client and ui", () => {
  const tasks = plannedTasks(['typecheck', 'lint', 'test'], '@botica/portal');
  for (const name of ['typecheck', 'lint', 'test']) {
    const task = tasks.find((candidate) => candidate.taskId === `@botica/portal#${name}`);
    assert.ok(task, `@botica/portal#${name} is planned`);
    assert.ok(
      task.dependencies.includes('@botica/portal#transit'),
      `${name} depends on the portal's transit`,
    );
  }
  const transit = tasks.find((candidate) => candidate.taskId === '@botica/portal#transit');
  for (const dependency of ['@botica/domain', '@botica/api-client', '@botica/ui']) {
    assert.ok(
      transit.dependencies.includes(`${dependency}#transit`),
      `the portal's transit depends on ${dependency}'s`,
    );
  }
});

test("the outside-references check runs again when any package's, app's or doc's text changes", () => {
  const [task] = plannedTasks(['test'], '@botica/scripts').filter(
    (candidate) => candidate.taskId === '@botica/scripts#test',
  );
  const inputs = Object.keys(task.inputs);
  for (const file of [
    '../../packages/ui/src/footer/footer.tsx',
    '../../apps/portal/src/app/router.tsx',
    '../../docs/decisions/001-toolchain.md',
    '../../README.md',
  ]) {
    assert.ok(inputs.includes(file), `${file} is hashed`);
  }
  const outputs = inputs.filter((file) => /\/(?:node_modules|dist|\.turbo)\//.test(file));
  assert.deepEqual(outputs, [], 'installed and built files are not hashed');
});
