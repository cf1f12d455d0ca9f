// Imports one CSV file of the laboratory's catalogue or clients, at the root of the bundle:
// `node import-csv.js <kind> <file.csv> [--dry-run] [--strict] [--report rejected.csv]` (DATABASE_URL,
// as the server reads it). Samples of every kind are in import-samples/. See the API README.
process.env.NODE_ENV ??= 'production';

await import('./scripts/import.ts');
