/**
 * The Netlify host's schedule (DESIGN.md, Schedules): every minute, the due jobs (the
 * outbox's mail and deletions). The API function also runs them after each change.
 */
import type { Config } from '@netlify/functions';
import { parseEnv } from '../../src/api/env.ts';
import { runDueJobs } from '../../src/api/jobs/run-due-jobs.ts';
import { createMailer } from '../../src/api/mail/mailer.ts';
import { chooseObjectStore } from '../../src/api/storage/choose-object-store.ts';
import { netlifyEnvironment, openFunctionDatabase } from '../netlify-environment.ts';

export default async (): Promise<Response> => {
  const env = parseEnv(netlifyEnvironment());
  const handle = await openFunctionDatabase(env);
  try {
    const report = await runDueJobs({
      db: handle.db,
      mailer: createMailer(env),
      objects: chooseObjectStore(env),
      env,
    });
    return Response.json(report);
  } finally {
    await handle.close();
  }
};

export const config: Config = { schedule: '* * * * *' };
