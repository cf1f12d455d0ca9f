// The order rules (minimum order, monthly cap), at the root of the bundle:
// `node configurations.js list | set <key> <euros>` (DATABASE_URL, as the server reads it).
// See the API README, "The order rules".
// Node 24 first: an older Node would stop at the first TypeScript file with a puzzling error.
if (Number.parseInt(process.versions.node, 10) < 24) {
  console.error(
    `botica: the bundle runs on Node 24 or newer (Node's type stripping); this is Node ${process.version} (${process.execPath}).`,
  );
  process.exit(1);
}
process.env.NODE_ENV ??= 'production';

await import('./scripts/configurations.ts');
