/**
 * `npm run db:migrate`: apply the committed migrations and the start-up data rules
 * (catalog categories; on the embedded default the sample data when empty; the
 * ADMIN_EMAIL admin). Netlify's build command runs it before every deploy.
 */
import { prepareDatabase } from '../hosts/node/prepare-database.ts';
import { runScript, withDatabase } from './cli-database.ts';

runScript(() =>
  withDatabase(async (handle, env) => {
    await prepareDatabase(handle, env);
    console.log(`Migrations applied (${handle.driver}).`);
  }),
);
