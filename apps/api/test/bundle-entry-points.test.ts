/**
 * The bundle's commands on a Node older than 24 (a server's system Node): one line saying which Node
 * is needed and which one ran, not Node's "Unknown file extension .ts" from deep inside the import.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bundleDir = fileURLToPath(new URL('../bundle/', import.meta.url));
// Makes Node 24 report itself as Node 20 before the entry point runs.
const asNode20 = `data:text/javascript,${encodeURIComponent(
  'Object.defineProperty(process, "versions", { value: { ...process.versions, node: "20.20.2" } });' +
    'Object.defineProperty(process, "version", { value: "v20.20.2" });',
)}`;

describe('the bundle entry points', () => {
  it.each([
    'server.js',
    'migrate.js',
    'import-csv.js',
    'registrations.js',
    'configurations.js',
    'staff.js',
    'api-keys.js',
  ])('%s refuses an older Node in one line', (file) => {
    const run = spawnSync(process.execPath, ['--import', asNode20, file], {
      cwd: bundleDir,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '' },
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      `botica: the bundle runs on Node 24 or newer (Node's type stripping); this is Node v20.20.2 (${process.execPath}).`,
    );
  });
});
