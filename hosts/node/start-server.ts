import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type Http2Bindings, type HttpBindings, type ServerType } from '@hono/node-server';
import { openDatabase, type Database } from '../../db/client.ts';
import { createApp } from '../../src/api/app.ts';
import { companyFromEnvironment, type Env } from '../../src/api/env.ts';
import { databaseFault, databaseUnavailableResponse } from '../../src/api/http/database-faults.ts';
import { logErrorSafely } from '../../src/api/http/describe-error.ts';
import { createJobRunner } from '../../src/api/jobs/job-runner.ts';
import { DEV_MAIL_PATH } from '../../src/api/mail/dev-mail-page.ts';
import { createMailer } from '../../src/api/mail/mailer.ts';
import { chooseObjectStore } from '../../src/api/storage/choose-object-store.ts';
import { COMPANY_VARIABLES, type CompanyDetail } from '../../src/lib/company.ts';
import { REQUIRED_COMPANY_DETAILS } from '../../src/lib/production-site.ts';
import { keepIdleConnections } from './idle-connections.ts';
import { allowConnectTo, readNetlifyRules } from './netlify-rules.ts';
import { prepareDatabaseWhenReachable } from './prepare-database.ts';
import { createSite } from './site.ts';

export interface RunningServer {
  url: string;
  /** The server's database (the e2e servers let their tests place rows in time with it). */
  db: Database;
  close(): Promise<void>;
}

const ROOT = new URL('../../', import.meta.url);
const JOBS_INTERVAL_MS = 15_000;
/** While the database is away the timer's runs fail alike: one line a minute says so. */
const JOBS_FAULT_REPORT_MS = 60_000;

/** What answers from the database: the API and the uploaded images. */
const needsDatabase = (pathname: string) =>
  pathname === '/api' ||
  pathname.startsWith('/api/') ||
  pathname.startsWith('/objects/') ||
  pathname === DEV_MAIL_PATH;

/**
 * Serves dist/ and the API on env.PORT. The site is served at once; the API answers 503
 * until the database is prepared (migrated), for which start-up waits as long as the
 * database cannot be reached (DESIGN.md, Modes: database faults). Resolves once the
 * database is prepared; rejects on any other failure.
 */
export async function startServer(
  env: Env,
  options: { log?: (line: string) => void; distDir?: string } = {},
): Promise<RunningServer> {
  const log = options.log ?? console.log;
  // Opening connects to nothing yet on a server (the pool connects on the first query);
  // the embedded database is opened here, and a held folder fails here.
  const handle = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    driver: env.DATABASE_DRIVER,
    dataDir: env.DATA_DIR,
  });

  const objects = chooseObjectStore(env);
  const mailer = createMailer(env, { log });
  if (env.SMTP_URL) log(`Mail goes out through ${mailer.destination}.`);
  else if (env.appEnv === 'development')
    log(`Mail is written to ${mailer.destination} (no SMTP_URL).`);
  else {
    log(
      `WARNING: SMTP_URL is not set, so no mail leaves this machine: reset links, set-password links and enquiry mail are written to ${mailer.destination} only.`,
    );
  }
  const unset = Object.entries(COMPANY_VARIABLES)
    .filter(
      ([detail]) => companyFromEnvironment().configured[detail as CompanyDetail] === undefined,
    )
    .map(([, variable]) => variable);
  if (unset.length > 0) {
    // A production site cannot start without the required ones (env.ts); locally they may wait.
    log(
      `WARNING: the operating company is not fully configured (${unset.join(', ')}): pages and mail show "... not configured" in its place, and the contact form's mail goes to the admins. A production start refuses to run without ${REQUIRED_COMPANY_DETAILS.map((detail) => COMPANY_VARIABLES[detail]).join(', ')}.`,
    );
  }
  let lastJobsFaultReport = -Infinity;
  const jobs = createJobRunner({
    db: handle.db,
    mailer,
    objects,
    // SITE_URL is final only once the server listens (port 0): read when jobs run.
    env,
    logError(error) {
      const fault = databaseFault(error);
      if (!fault) {
        logErrorSafely(error);
        return;
      }
      // Nothing is lost: the due rows stay due until a run gets through.
      if (Date.now() - lastJobsFaultReport < JOBS_FAULT_REPORT_MS) return;
      lastJobsFaultReport = Date.now();
      log(`Jobs wait for the database (${fault}); mail stays queued in the outbox.`);
    },
  });
  const api = createApp({ db: handle.db, env, objects, mailer, jobs });
  let rules = readNetlifyRules(new URL('netlify.toml', ROOT));
  if (objects.directUploadForm) {
    // Uploads go straight to the bucket: the pages may connect there.
    const form = await objects.directUploadForm('incoming/origin-of-the-bucket', {
      maxBytes: 1,
      expiresInSeconds: 60,
    });
    const { origin } = new URL(form.url);
    rules = allowConnectTo(rules, origin);
  }
  const site = createSite({
    api,
    distDir: options.distDir ?? new URL('dist/', ROOT).pathname,
    rules,
  });

  let prepared = false;
  let databaseState: 'preparing' | 'down' = 'preparing';
  const fetch = (request: Request, bindings: HttpBindings | Http2Bindings) => {
    if (prepared || !needsDatabase(new URL(request.url).pathname)) {
      return site.fetch(request, bindings);
    }
    const message = 'The service is starting. Please try again in a moment.';
    return databaseUnavailableResponse(
      new URL(request.url).pathname === '/api/health'
        ? { status: 'starting', database: databaseState, message }
        : { message },
    );
  };
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch, port: env.PORT, hostname: env.HOST }, () => resolve(s));
  });
  keepIdleConnections(server as Server);
  const { port } = server.address() as AddressInfo;
  // PORT=0 picks a free port: links and the Origin check follow the one it picked.
  if (new URL(env.SITE_URL).port === '0') {
    const site = new URL(env.SITE_URL);
    site.port = String(port);
    env.SITE_URL = site.origin;
  }
  // On loopback the printed address is SITE_URL itself (the one the Origin check expects).
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  const url = env.loopbackOnly ? env.SITE_URL : `http://${host}:${port}`;
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));

  try {
    await prepareDatabaseWhenReachable(handle, env, log, {
      onRetry(attempt) {
        databaseState = 'down';
        if (attempt === 1) {
          log(
            `Meanwhile ${url} serves the site, and the API answers 503 until the database is ready.`,
          );
        }
      },
    });
  } catch (error) {
    await stopListening();
    await handle.close();
    throw error;
  }
  prepared = true;

  // The outbox and other timed jobs: after each change (app.ts) and on this timer.
  const timer = setInterval(() => void jobs.runSoon(), JOBS_INTERVAL_MS);
  timer.unref();

  return {
    url,
    db: handle.db,
    async close() {
      clearInterval(timer);
      await stopListening();
      await jobs.runNow();
      await handle.close();
    },
  };
}
