import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { openDatabase } from '../db/client.ts';
import { createApp } from '../src/server/app.ts';
import type { Env } from '../src/server/env.ts';
import { createJobRunner } from '../src/server/jobs/job-runner.ts';
import { createMailer } from '../src/server/mail/mailer.ts';
import { chooseObjectStore } from '../src/server/storage/choose-object-store.ts';
import { allowConnectTo, readNetlifyRules } from './netlify-rules.ts';
import { prepareDatabase } from './prepare-database.ts';
import { createSite } from './site.ts';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

const ROOT = new URL('../', import.meta.url);
const JOBS_INTERVAL_MS = 15_000;

/** Opens and prepares the database, then serves dist/ and the API on env.PORT. */
export async function startServer(
  env: Env,
  options: { log?: (line: string) => void; distDir?: string } = {},
): Promise<RunningServer> {
  const log = options.log ?? console.log;
  const handle = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    driver: env.DATABASE_DRIVER,
    dataDir: env.DATA_DIR,
  });
  try {
    await prepareDatabase(handle, env, log);
  } catch (error) {
    await handle.close();
    throw error;
  }

  const objects = chooseObjectStore(env);
  const mailer = createMailer(env);
  if (env.SMTP_URL) log(`Mail goes out through ${mailer.destination}.`);
  else if (env.appEnv === 'development')
    log(`Mail is written to ${mailer.destination} (no SMTP_URL).`);
  else {
    log(
      `WARNING: SMTP_URL is not set, so no mail leaves this machine: reset links, set-password links and enquiry mail are written to ${mailer.destination} only.`,
    );
  }
  const jobs = createJobRunner({ db: handle.db, mailer, objects });
  const api = createApp({ db: handle.db, env, objects, mailer, jobs });
  // The outbox and other timed jobs: after each change (app.ts) and on this timer.
  const timer = setInterval(() => void jobs.runSoon(), JOBS_INTERVAL_MS);
  timer.unref();
  let rules = readNetlifyRules(new URL('netlify.toml', ROOT));
  if (objects.directUploadUrl) {
    // Uploads go straight to the bucket: the pages may connect there.
    const { origin } = new URL(await objects.directUploadUrl('incoming/origin-of-the-bucket', 60));
    rules = allowConnectTo(rules, origin);
  }
  const site = createSite({
    api,
    distDir: options.distDir ?? new URL('dist/', ROOT).pathname,
    rules,
  });

  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: site.fetch, port: env.PORT, hostname: env.HOST }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;

  return {
    url: `http://${host}:${port}`,
    async close() {
      clearInterval(timer);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await jobs.runNow();
      await handle.close();
    },
  };
}
