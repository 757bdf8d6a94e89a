/**
 * The API app on a fresh database, served over real HTTP on a free port.
 * Use one per test file: `const api = useTestApi()` at the top of the file starts it in
 * beforeAll and closes it in afterAll; `startTestApi()` starts one by hand (a test that
 * changes the process's environment around the start, or starts a second one).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { createApp, type AppDependencies } from '../../src/api/app.ts';
import { parseEnv, type Env } from '../../src/api/env.ts';
import { createJobRunner } from '../../src/api/jobs/job-runner.ts';
import { createMailer } from '../../src/api/mail/mailer.ts';
import { chooseObjectStore } from '../../src/api/storage/choose-object-store.ts';
import { useBlockResource } from './block-resource.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestApi {
  url: string;
  database: TestDatabase;
  env: Env;
  /** fetch() against the test server: `api.get('/api/providers?limit=5')`. */
  get(path: string, init?: RequestInit): Promise<Response>;
  request(path: string, init?: RequestInit): Promise<Response>;
  /** Runs the due jobs (the outbox's mail and deletions) to the end, at `now`. */
  runJobs(now?: Date): Promise<void>;
  close(): Promise<void>;
}

export async function startTestApi(
  envOverrides: Record<string, string> = {},
  dependencies: Pick<AppDependencies, 'purgeCache' | 'mailer'> = {},
): Promise<TestApi> {
  const database = await createTestDatabase();
  // The database is in memory; DATA_DIR holds what else a test writes (images, mail).
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vp-api-'));
  const env = parseEnv({ APP_ENV: 'test', DATA_DIR: dataDir, ...envOverrides });
  // A test may pass its own mailer (one that fails, to see mail fail and be resent).
  const mailer = dependencies.mailer ?? createMailer(env);
  const objects = chooseObjectStore(env);
  const logError = () => {};
  // env.SITE_URL is set below, once the server listens: the jobs read it when they run.
  const jobs = createJobRunner({ db: database.db, mailer, objects, logError, env });
  const app = createApp({
    db: database.db,
    env,
    mailer,
    objects,
    jobs,
    logError,
    ...dependencies,
  });
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Links in mail and the Origin check follow SITE_URL: here, the test server itself.
  if (!envOverrides.SITE_URL) env.SITE_URL = url;
  const request = (path: string, init?: RequestInit) => fetch(`${url}${path}`, init);
  return {
    url,
    database: {
      ...database,
      // A delivery still running from the last test must not mark this test's rows.
      async reset() {
        await jobs.runNow();
        await database.reset();
      },
    },
    env,
    get: (path, init) => request(path, { ...init, method: 'GET' }),
    request,
    runJobs: (now) => jobs.runNow(now),
    async close() {
      await jobs.runNow();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test API of a file or a describe block: started in its beforeAll, closed in its
 * afterAll. The answer stands for the API once started, so the file declares it once,
 * `const api = useTestApi()`, instead of a variable and two hooks; a beforeAll registered
 * after this call runs after the start and can already use it.
 */
export function useTestApi(
  envOverrides: Record<string, string> = {},
  dependencies: Pick<AppDependencies, 'purgeCache' | 'mailer'> = {},
): TestApi {
  const current = useBlockResource(
    () => startTestApi(envOverrides, dependencies),
    'The test API starts',
  );
  return {
    get url() {
      return current().url;
    },
    get database() {
      return current().database;
    },
    get env() {
      return current().env;
    },
    get: (path, init) => current().get(path, init),
    request: (path, init) => current().request(path, init),
    runJobs: (now) => current().runJobs(now),
    close: () => current().close(),
  };
}

/**
 * Empties the database for the next test once the last test's delivery run is over: a
 * run still going would mark this test's outbox rows (ids restart at 1) as its own.
 */
export async function resetAfterDeliveries(api: TestApi): Promise<void> {
  await api.runJobs();
  await api.database.reset();
}
