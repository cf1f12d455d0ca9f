/**
 * Where the workspace keeps what the run serves: the API server's entry, the back office's build and
 * the portal's (where the pharmacist sees what the staff changed).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = (name: string) => dirname(fileURLToPath(import.meta.resolve(`${name}/package.json`)));

/** The API server's entry point, run from its TypeScript sources. */
export const API_SERVER = join(packageDir('@botica/api'), 'src', 'server.ts');

/** The built back office (`vite build`), which the API serves at /backoffice/. */
export const BACKOFFICE_DIST = join(packageDir('@botica/backoffice'), 'dist');

/** The built portal (`vite build`), which the API serves at /. */
export const PORTAL_DIST = join(packageDir('@botica/portal'), 'dist');
