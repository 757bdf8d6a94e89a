/**
 * `npm run db:seed`: sample categories, providers and flash ads (idempotent).
 * `npm run db:seed -- --providers N`: add N synthetic providers (benchmarks).
 */
import { parseArgs } from 'node:util';
import { migrateDatabase } from '../db/migrate.ts';
import { addSyntheticProviders, seedDatabase } from '../db/seed/seed.ts';
import { runScript, withDatabase } from './cli-database.ts';

const { values } = parseArgs({ options: { providers: { type: 'string' } } });
const extra = values.providers === undefined ? 0 : Number(values.providers);
if (!Number.isSafeInteger(extra) || extra < 0) {
  console.error('--providers must be a whole number of at least 0');
  process.exit(1);
}

runScript(() =>
  withDatabase(async (handle) => {
    await migrateDatabase(handle);
    await seedDatabase(handle.db);
    console.log('Sample data is in place.');
    if (extra > 0) {
      const started = performance.now();
      const added = await addSyntheticProviders(handle.db, extra);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`Added ${added} synthetic providers in ${seconds} s.`);
    }
  }),
);
