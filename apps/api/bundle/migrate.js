// Applies the pending database migrations and exits, at the root of the bundle: `node migrate.js`
// (DATABASE_URL, as the server reads it). Exit code 0 when the schema is up to date.
process.env.NODE_ENV ??= 'production';

await import('./scripts/migrate.ts');
