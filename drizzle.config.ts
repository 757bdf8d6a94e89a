import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` uses this: migrations are SQL files in db/migrations,
// applied by db/migrate.ts at start and in tests, never pushed.
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema.ts',
  out: './db/migrations',
});
