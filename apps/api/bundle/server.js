// Botica's production server, at the root of the bundle (`pnpm bundle`): `node server.js` on Node 24.
// Production defaults, each overridden by the environment: JSON logs (NODE_ENV=production) and the
// portal built beside this file; no demo data unless DEMO_DATA=on. The API itself is the TypeScript
// of src/, run by Node's type stripping, with the workspace packages' built output in node_modules.
import { fileURLToPath } from 'node:url';

process.env.NODE_ENV ??= 'production';
process.env.PORTAL_DIST ??= fileURLToPath(new URL('./portal', import.meta.url));

await import('./src/server.ts');
