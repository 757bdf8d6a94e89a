/** `npm run db:migrate`: apply the committed migrations to the configured database. */
import { migrateDatabase } from '../db/migrate.ts';
import { seedCategories } from '../db/seed/seed.ts';
import { runScript, withDatabase } from './cli-database.ts';

runScript(() =>
  withDatabase(async (handle) => {
    await migrateDatabase(handle);
    await seedCategories(handle.db);
    console.log(`Migrations applied (${handle.driver}).`);
  }),
);
