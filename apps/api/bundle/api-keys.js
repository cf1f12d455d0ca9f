// The machine clients' API keys (the laboratory's ERP), at the root of the bundle:
// `node api-keys.js add <name> <scope,scope…> [--rate N] | list | revoke <id|prefix>`
// (DATABASE_URL, as the server reads it). See the API README, "The API keys".
// Node 24 first: an older Node would stop at the first TypeScript file with a puzzling error.
if (Number.parseInt(process.versions.node, 10) < 24) {
  console.error(
    `botica: the bundle runs on Node 24 or newer (Node's type stripping); this is Node ${process.version} (${process.execPath}).`,
  );
  process.exit(1);
}
process.env.NODE_ENV ??= 'production';

await import('./scripts/api-keys.ts');
