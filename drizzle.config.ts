import { defineConfig } from 'drizzle-kit';

// Migrations are generated once and applied to both engines (Postgres and embedded PGlite).
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema/index.ts',
  out: './db/migrations',
  strict: true,
});
