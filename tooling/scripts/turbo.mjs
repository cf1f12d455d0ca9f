#!/usr/bin/env node
/**
 * `pnpm turbo …`: runs the repo's turbo with every PATH entry absolute. pnpm puts a relative
 * `./node_modules/.bin` first on the PATH of what it runs; turbo finds pnpm there, keeps the relative
 * path, and then cannot start `pnpm run <task>` from a package's folder ("unable to spawn child
 * process: No such file or directory").
 */
import { spawn } from 'node:child_process';
import { delimiter, dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const path = (process.env.PATH ?? '')
  .split(delimiter)
  .filter(Boolean)
  .map((entry) => (isAbsolute(entry) ? entry : resolve(process.cwd(), entry)));
const child = spawn(join(root, 'node_modules', '.bin', 'turbo'), process.argv.slice(2), {
  stdio: 'inherit',
  env: { ...process.env, PATH: [...new Set(path)].join(delimiter) },
});
child.on('exit', (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
