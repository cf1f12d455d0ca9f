/**
 * What the next `changeset version` will do, read without running it: the pending changesets'
 * bumps per package, and the catalog's versions. Plain parsing of the two small formats we write.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

const ORDER = ['none', 'patch', 'minor', 'major'];

/** The frontmatter entries (`"@botica/ui": minor`) of every changeset in a `.changeset` folder. */
export async function readChangesets(folder) {
  const names = (await readdir(folder)).filter((name) => name.endsWith('.md') && name !== 'README.md');
  return Promise.all(names.map(async (name) => parseChangeset(await readFile(join(folder, name), 'utf8'))));
}

/** One changeset's `[package, bump]` pairs. */
export function parseChangeset(text) {
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (!match) return [];
  return match[1]
    .split(/\r?\n/)
    .map((line) => /^\s*["']?([^"':]+)["']?\s*:\s*(major|minor|patch|none)\s*$/.exec(line))
    .filter(Boolean)
    .map(([, name, bump]) => [name, bump]);
}

/** The largest pending bump of each package. */
export function pendingBumps(changesets) {
  const bumps = new Map();
  for (const [name, bump] of changesets.flat()) {
    if (ORDER.indexOf(bump) > ORDER.indexOf(bumps.get(name) ?? 'none')) bumps.set(name, bump);
  }
  return bumps;
}

/** The default catalog of pnpm-workspace.yaml, as `{ name: specifier }`. */
export function readCatalog(yaml) {
  const catalog = {};
  let inside = false;
  for (const line of yaml.split(/\r?\n/)) {
    if (/^catalog:\s*$/.test(line)) {
      inside = true;
      continue;
    }
    if (inside && /^\S/.test(line)) break;
    const entry = /^\s+["']?([^"':]+(?::[^"':]+)?)["']?\s*:\s*["']?([^"'\s]+)["']?\s*$/.exec(line);
    if (inside && entry) catalog[entry[1]] = entry[2];
  }
  return catalog;
}
