import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the one schema and applied at server start on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
