/**
 * The API server as its own process (`src/server.ts`, as `npm start` runs it), for tests that need
 * the real process: several workers, or whether the process survives a fault.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const apiRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process wrote so far, standard output and error together. */
  output(): string;
}

/** Starts `src/server.ts` with these environment variables (no portal, warnings and errors logged). */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  let output = '';
  const child = spawn(process.execPath, ['--conditions=@botica/source', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      PORTAL_DIST: '/nonexistent',
      DEMO_DATA: 'on',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return { child, output: () => output };
}

/** Waits until the server says it is serving. @throws when it exits first or takes over `timeoutMs`. */
export async function serving(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  for (let waited = 0; !server.output().includes('serving on'); waited += 200) {
    if (server.child.exitCode !== null || waited > timeoutMs)
      throw new Error(`the server did not start:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Resolves with the exit code once the process has ended. */
export function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

/** The ids of a process's children: a cluster's workers. */
export function workerPids(primary: ChildProcess): number[] {
  try {
    return execFileSync('ps', ['--ppid', String(primary.pid), '-o', 'pid='], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((pid) => pid > 0);
  } catch {
    return []; // ps exits 1 when there is none
  }
}
