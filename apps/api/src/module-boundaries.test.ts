/**
 * The server's module rules (docs/decisions/014-server-modules.md), checked on the source: a module is
 * a folder of `src/` with a `tables.ts`. No module imports another module's tables (or the gathered
 * `db/schema.ts`), no transport file holds SQL, and no two modules import each other, directly or
 * through others.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SOURCE = dirname(fileURLToPath(import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test(-d)?\.tsx?$/.test(name) ? [path] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

/** The relative imports of a file, as absolute paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)]
    .map((match) => match[1] ?? match[2] ?? '')
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolve(dirname(file), specifier));
}

/** The top folder of `src/` a path is in (`catalogue`), or undefined for a file at the top. */
function folderOf(path: string): string | undefined {
  const parts = relative(SOURCE, path).split(sep);
  return parts.length > 1 ? parts[0] : undefined;
}

const modules = readdirSync(SOURCE)
  .filter((name) => existsSync(join(SOURCE, name, 'tables.ts')))
  .sort();

const files = modules.flatMap((module) => sourceFiles(join(SOURCE, module)));

const isTransport = (file: string) => /(^|[/-])routes\.ts$/.test(file);

describe('module boundaries', () => {
  it('finds the modules', () => {
    expect(modules.length).toBeGreaterThan(0);
  });

  // A table's foreign key names the other table: only a `tables.ts` may import another one's.
  it('no module imports the tables of another module, or the gathered schema', () => {
    const found = files.flatMap((file) =>
      importsOf(file)
        .filter(
          (target) =>
            (target.endsWith(`${sep}tables.ts`) &&
              folderOf(target) !== folderOf(file) &&
              !file.endsWith(`${sep}tables.ts`)) ||
            target === join(SOURCE, 'db', 'schema.ts'),
        )
        .map((target) => `${relative(SOURCE, file)} → ${relative(SOURCE, target)}`),
    );
    expect(found).toEqual([]);
  });

  it('no transport file holds SQL or reaches a table, in a module or not', () => {
    const found = sourceFiles(SOURCE)
      .filter(isTransport)
      .flatMap((file) => {
        const text = readFileSync(file, 'utf8');
        const problems: string[] = [];
        if (/from\s+'drizzle-orm/.test(text)) problems.push('imports drizzle-orm');
        if (/\bsql`/.test(text)) problems.push('writes sql``');
        if (/\.db\b|\bdb\./.test(text)) problems.push('reaches the database');
        if (importsOf(file).some((target) => target.endsWith(`${sep}tables.ts`)))
          problems.push('imports tables');
        return problems.map((problem) => `${relative(SOURCE, file)}: ${problem}`);
      });
    expect(found).toEqual([]);
  });

  // A foreign key between two modules' tables is the database's link, not a use of the other
  // module's code: the priced catalogue reads pricing, whose special prices name the products.
  it('no two modules import each other, directly or through others', () => {
    const edges = new Map<string, Set<string>>(modules.map((module) => [module, new Set<string>()]));
    const isTables = (path: string) => path.endsWith(`${sep}tables.ts`);
    for (const file of files) {
      const from = folderOf(file);
      if (!from) continue;
      for (const target of importsOf(file)) {
        if (isTables(file) && isTables(target)) continue;
        const to = folderOf(target);
        if (to && to !== from && edges.has(to)) edges.get(from)?.add(to);
      }
    }
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const walk = (module: string, path: string[]) => {
      state.set(module, 'open');
      for (const next of edges.get(module) ?? []) {
        if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next].join(' → '));
        else if (!state.has(next)) walk(next, [...path, next]);
      }
      state.set(module, 'done');
    };
    for (const module of modules) if (!state.has(module)) walk(module, [module]);
    expect(cycles).toEqual([]);
  });
});
