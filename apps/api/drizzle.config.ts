import { defineConfig } from 'drizzle-kit';

// Generates the SQL migrations in drizzle/ from src/db/schema.ts (`pnpm db:generate`). They are
// applied from code at start (src/db/database.ts), on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
