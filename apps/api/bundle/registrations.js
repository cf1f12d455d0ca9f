// The laboratory's decision on registration requests, at the root of the bundle:
// `node registrations.js list [--all] | approve <id> | reject <id>` (DATABASE_URL, SMTP_URL and
// PORTAL_URL, as the server reads them). See the API README, "Access: registration requests".
process.env.NODE_ENV ??= 'production';

await import('./scripts/registrations.ts');
