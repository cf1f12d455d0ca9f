// Imports one CSV file of the laboratory's catalogue or clients, at the root of the bundle:
// `node import-csv.js <kind> <file.csv> [--dry-run] [--strict] [--report rejected.csv]` (DATABASE_URL,
// as the server reads it). Samples of every kind are in import-samples/. See the API README.
// Node 24 first: an older Node would stop at the first TypeScript file with a puzzling error.
if (Number.parseInt(process.versions.node, 10) < 24) {
  console.error(
    `botica: the bundle runs on Node 24 or newer (Node's type stripping); this is Node ${process.version} (${process.execPath}).`,
  );
  process.exit(1);
}
process.env.NODE_ENV ??= 'production';

await import('./scripts/import.ts');
