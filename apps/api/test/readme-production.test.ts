/**
 * The root README's "Running in production" is followed word for word by operations staff: every
 * bundle command it names is one of the bundle's entry points, and every file it imports is in the
 * bundle (whose root holds the API package's published files, import-samples/ among them).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const apiRoot = fileURLToPath(new URL('../', import.meta.url));
const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
const section = readme.split('\n## Running in production\n')[1]?.split('\n## ')[0] ?? '';
const commands = (section.match(/```sh\n([\s\S]*?)```/)?.[1] ?? '')
  .split('\n')
  .map((line) => line.replace(/\s+#.*$/, '').trim())
  .filter((line) => line !== '');
const published = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { files: string[] }
).files;

describe("the README's production commands", () => {
  it('are there', () => {
    expect(commands.filter((line) => line.startsWith('node ')).length).toBeGreaterThan(5);
  });

  it('name only the bundle commands', () => {
    const scripts = commands.flatMap((line) => [...line.matchAll(/\bnode ([\w-]+\.js)\b/g)].map((m) => m[1]));
    for (const script of scripts) expect(existsSync(`${apiRoot}bundle/${script}`), script).toBe(true);
  });

  it('import files the bundle carries, from its root', () => {
    const files = commands
      .filter((line) => line.startsWith('node import-csv.js '))
      .map((line) => line.split(/\s+/)[3] ?? '');
    expect(files.length).toBe(7);
    for (const file of files) {
      expect(existsSync(`${apiRoot}${file}`), file).toBe(true);
      expect(published.includes(file.split('/')[0] ?? ''), `${file} in the bundle`).toBe(true);
    }
  });
});
