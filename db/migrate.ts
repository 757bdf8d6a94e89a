import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from './client.ts';
import { loadPlaces } from './places/load-places.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Applies the committed SQL migrations that the database has not seen yet, then the
 * reference data that goes with them: the places of db/places/places.tsv (skipped when
 * the database has that file already, decision 0027).
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  await applyMigrations(handle);
  await loadPlaces(handle.db);
}

async function applyMigrations(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  switch (handle.driver) {
    case 'pglite': {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(handle.db as never, config);
      return;
    }
    case 'pg': {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(handle.db as never, config);
      return;
    }
    case 'neon': {
      const { migrate } = await import('drizzle-orm/neon-serverless/migrator');
      await migrate(handle.db as never, config);
      return;
    }
  }
}
