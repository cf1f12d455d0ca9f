// The laboratory's decision on registration requests, at the root of the bundle:
// `node registrations.js list [--all] | approve <id> | reject <id>` (DATABASE_URL, SMTP_URL and
// PORTAL_URL, as the server reads them). See the API README, "Access: registration requests".
// Node 24 first: an older Node would stop at the first TypeScript file with a puzzling error.
if (Number.parseInt(process.versions.node, 10) < 24) {
  console.error(
    `botica: the bundle runs on Node 24 or newer (Node's type stripping); this is Node ${process.version} (${process.execPath}).`,
  );
  process.exit(1);
}
process.env.NODE_ENV ??= 'production';

await import('./scripts/registrations.ts');
