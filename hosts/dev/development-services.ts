/**
 * What the dev server hosts (astro-integration.ts), loaded through Vite so that a change
 * to the API app is picked up on the next request. The database, the mailer, the object
 * store and the outbox's timer are made once per process and kept on globalThis: a
 * reloaded module finds them again, and PGlite's folder is opened once.
 */
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { createApp, type App } from '../../src/api/app.ts';
import { parseEnv, type Env } from '../../src/api/env.ts';
import { createJobRunner, type JobRunner } from '../../src/api/jobs/job-runner.ts';
import { createMailer, type Mailer } from '../../src/api/mail/mailer.ts';
import { providePagesDatabase } from '../../src/api/pages-database.ts';
import { chooseObjectStore } from '../../src/api/storage/choose-object-store.ts';
import type { ObjectStore } from '../../src/api/storage/object-store.ts';
import { prepareDatabase } from '../node/prepare-database.ts';

export interface DevelopmentOptions {
  /** Where Astro listens (its `server.host`: false for localhost, true for every address). */
  host: string | boolean;
  port: number;
  /**
   * Under `netlify dev` the Netlify function serves the API: the dev server only prepares
   * the database, renders pages from it and lends it to the function's workers.
   */
  pagesOnly: boolean;
  log: (line: string) => void;
}

export interface DevelopmentServices {
  env: Env;
  handle: DatabaseHandle;
  /** Absent when pagesOnly. */
  api?: { objects: ObjectStore; mailer: Mailer; jobs: JobRunner };
  close(): Promise<void>;
}

const KEY = Symbol.for('verified-providers.development-services');
type Holder = Record<typeof KEY, Promise<DevelopmentServices> | undefined>;
const holder = globalThis as unknown as Holder;

/** As the Node host runs the outbox (hosts/node/start-server.ts). */
const JOBS_INTERVAL_MS = 15_000;

/** The process's services: made at the first call, the same promise after. */
export function developmentServices(options: DevelopmentOptions): Promise<DevelopmentServices> {
  const services = (holder[KEY] ??= startServices(options));
  // A failed start is not kept: the next server (a restart) tries again.
  services.catch(() => {
    if (holder[KEY] === services) holder[KEY] = undefined;
  });
  return services;
}

/** Closes the services if the process has them (the dev server stops). */
export async function closeDevelopmentServices(): Promise<void> {
  const services = holder[KEY];
  holder[KEY] = undefined;
  if (services) await (await services).close();
}

function startServices(options: DevelopmentOptions): Promise<DevelopmentServices> {
  let prepared: Promise<{ env: Env; handle: DatabaseHandle }>;
  try {
    prepared = prepare(options);
  } catch (error) {
    prepared = Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  // At once, before the first page renders: pages read this database and never open one
  // of their own (two handles on one folder would corrupt it).
  providePagesDatabase(prepared.then(({ handle }) => handle));
  return prepared.then(
    ({ env, handle }) => withApi(env, handle, options),
    (error: unknown) => {
      providePagesDatabase(undefined);
      throw error;
    },
  );
}

/** Opens, migrates and seeds the database as `npm start` does (prepare-database.ts). */
function prepare({ host, port, pagesOnly, log }: DevelopmentOptions) {
  const HOST = host === true ? '0.0.0.0' : host === false ? 'localhost' : host;
  // Astro's address is the server's: it decides whether tokens may travel (loopback only)
  // and which Origin signed-in changes must come from (SITE_URL; see setListeningPort).
  const env = parseEnv({ ...process.env, HOST, PORT: String(port) });
  return (async () => {
    const handle = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      driver: env.DATABASE_DRIVER,
      dataDir: env.DATA_DIR,
    });
    try {
      await prepareDatabase(handle, env, log);
      if (pagesOnly) await handle.lend?.();
    } catch (error) {
      await handle.close();
      throw error;
    }
    return { env, handle };
  })();
}

function withApi(
  env: Env,
  handle: DatabaseHandle,
  { pagesOnly, log }: DevelopmentOptions,
): DevelopmentServices {
  if (pagesOnly) {
    return {
      env,
      handle,
      async close() {
        providePagesDatabase(undefined);
        await handle.close();
      },
    };
  }

  const objects = chooseObjectStore(env);
  const mailer = createMailer(env, { log });
  log(
    env.SMTP_URL
      ? `Mail goes out through ${mailer.destination}.`
      : `Mail is written to ${mailer.destination} (no SMTP_URL).`,
  );
  const jobs = createJobRunner({ db: handle.db, mailer, objects, env });
  const timer = setInterval(() => void jobs.runSoon(), JOBS_INTERVAL_MS);
  timer.unref();
  return {
    env,
    handle,
    api: { objects, mailer, jobs },
    async close() {
      clearInterval(timer);
      await jobs.runNow();
      providePagesDatabase(undefined);
      await handle.close();
    },
  };
}

/**
 * Once the server listens: SITE_URL follows the port Astro took (another one when the
 * configured port was busy), unless SITE_URL was set.
 */
export function setListeningPort(services: DevelopmentServices, port: number): string {
  if (!process.env.SITE_URL?.trim()) {
    const site = new URL(services.env.SITE_URL);
    site.port = String(port);
    services.env.SITE_URL = site.origin;
  }
  return services.env.SITE_URL;
}

/** The API app of this version of its modules, on the process's services. */
export function createDevelopmentApp(services: DevelopmentServices): App {
  if (!services.api) throw new Error('The dev server hosts no API under netlify dev');
  return createApp({ db: services.handle.db, env: services.env, ...services.api });
}
