// The order rules (minimum order, monthly cap), at the root of the bundle:
// `node configurations.js list | set <key> <euros>` (DATABASE_URL, as the server reads it).
// See the API README, "The order rules".
process.env.NODE_ENV ??= 'production';

await import('./scripts/configurations.ts');
