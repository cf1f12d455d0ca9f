// Botica's production server, at the root of the bundle (`pnpm bundle`): `node server.js` on Node 24.
// Production defaults, each overridden by the environment: JSON logs (NODE_ENV=production) and the
// portal (and the back office, when the bundle has one) built beside this file; no demo data unless
// DEMO_DATA=on. The API itself is the TypeScript of src/, run by Node's type stripping, with the
// workspace packages' built output in node_modules.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Node 24 first: an older Node would stop at the first TypeScript file with a puzzling error.
if (Number.parseInt(process.versions.node, 10) < 24) {
  console.error(
    `botica: the bundle runs on Node 24 or newer (Node's type stripping); this is Node ${process.version} (${process.execPath}).`,
  );
  process.exit(1);
}
process.env.NODE_ENV ??= 'production';
process.env.PORTAL_DIST ??= fileURLToPath(new URL('./portal', import.meta.url));
// The back office, when the bundle carries one (`pnpm bundle` copies it once it is built).
if (existsSync(new URL('./backoffice/index.html', import.meta.url)))
  process.env.BACKOFFICE_DIST ??= fileURLToPath(new URL('./backoffice', import.meta.url));

await import('./src/server.ts');
