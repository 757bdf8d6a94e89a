/**
 * The API app: one Hono app for both hosts (Netlify Functions and the Node server).
 * Built apart from its hosts so tests can run it over real HTTP on a fresh database.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { except } from 'hono/combine';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import type { Database } from '../../db/client.ts';
import type { AppEnv } from './app-env.ts';
import { sessionSecret } from './auth/session-secret.ts';
import type { Env } from './env.ts';
import { companyFromEnvironment, revealsTokens } from './env.ts';
import { AppError, type ErrorBody } from './errors.ts';
import { noStore, PUBLIC_CACHE_TAG } from './http/cache.ts';
import { refuseControlCharactersInQuery } from './http/control-characters.ts';
import { databaseFault, databaseUnavailable } from './http/database-faults.ts';
import { logErrorSafely } from './http/describe-error.ts';
import { createJobRunner, type JobRunner } from './jobs/job-runner.ts';
import { DEV_MAIL_PATH, devMailPage, listOutboxMailWithText } from './mail/dev-mail-page.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { adminRoutes } from './routes/admin.ts';
import { messageRoutes } from './routes/messages.ts';
import { privacyRoutes } from './routes/privacy.ts';
import { providerRoutes, providerUploadRoutes } from './routes/provider.ts';
import { publicRoutes } from './routes/public.ts';
import { quoteRoutes } from './routes/quotes.ts';
import { objectRoutes, uploadRoutes } from './routes/uploads.ts';
import { chooseObjectStore } from './storage/choose-object-store.ts';
import type { ObjectStore } from './storage/object-store.ts';

export interface AppDependencies {
  db: Database;
  env: Env;
  /** Uploaded images; from the environment (S3 or DATA_DIR) by default. */
  objects?: ObjectStore;
  /** SMTP or the outbox, from the environment by default. */
  mailer?: Mailer;
  /** Where unexpected errors are reported; stderr without personal data by default. */
  logError?: (error: unknown) => void;
  /**
   * Empties the CDN's cache of public answers with these tags (Netlify's purge API on
   * Netlify); nothing to do on the Node host, which caches nothing.
   */
  purgeCache?: (tags: string[]) => Promise<void>;
  /**
   * Carries out the outbox (mail, deletions) after each change; made from the other
   * dependencies by default. Hosts also run it on a schedule.
   */
  jobs?: JobRunner;
}

export function createApp({
  db,
  env,
  objects = chooseObjectStore(env),
  mailer = createMailer(env),
  logError = logErrorSafely,
  purgeCache,
  jobs = createJobRunner({ db, mailer, objects, logError, env }),
}: AppDependencies) {
  const app = new Hono<AppEnv>();
  const secret = sessionSecret(env);
  const company = companyFromEnvironment();

  app.use('*', async (c, next) => {
    c.set('db', db);
    c.set('env', env);
    c.set('objects', objects);
    c.set('mailer', mailer);
    c.set('company', company);
    c.set('logError', logError);
    c.set('sessionSecret', secret);
    await next();
  });
  // The development outbox page (below) sets its own headers: it is a page, not JSON.
  app.use(
    '*',
    except(
      (c) => c.req.path === DEV_MAIL_PATH && revealsTokens(env),
      secureHeaders({
        // JSON answers load nothing and may be framed by nobody.
        contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
        strictTransportSecurity: 'max-age=63072000; includeSubDomains',
        referrerPolicy: 'strict-origin-when-cross-origin',
        crossOriginResourcePolicy: 'same-origin',
        xFrameOptions: 'DENY',
      }),
    ),
  );

  // Control characters in a query string are refused for every route at once (JSON bodies
  // are checked by readJson, before their route's validator).
  app.use('/api/*', async (c, next) => {
    refuseControlCharactersInQuery(c.req.url);
    await next();
  });

  // A change may have written outbox rows: carry them out now rather than at the next tick.
  // A refused request changed nothing, so it starts no work (what fell due meanwhile
  // waits for the schedule). On Netlify the function stays alive through waitUntil.
  app.use('/api/*', async (c, next) => {
    await next();
    if (['GET', 'HEAD', 'OPTIONS'].includes(c.req.method) || c.res.status >= 400) return;
    const work = jobs.runSoon();
    try {
      c.executionCtx.waitUntil(work);
    } catch {
      // The Node host has no execution context: the process outlives the request.
    }
  });

  if (purgeCache) {
    // Only a successful change of public data empties the cache of public answers: the
    // routes that make one say so in their declaration (changesPublicData, http/cache.ts).
    app.use('/api/*', async (c, next) => {
      await next();
      if (c.var.changesPublicData && c.res.status < 400) {
        await purgeCache([PUBLIC_CACHE_TAG]).catch(logError);
      }
    });
  }

  // Uploads come first, with their own size limit: the JSON limit registered after them
  // never runs for them (Hono runs handlers in the order they were added).
  // One chain, so that its type carries every route for the typed client (App below).
  const routes = app
    .route('/api/uploads', uploadRoutes)
    .use(
      '/api/*',
      bodyLimit({
        maxSize: 64 * 1024,
        onError: (c) => {
          // The rest of the body is not read: close the connection after the answer, so
          // what remains of the body is never read as a next request.
          c.header('Connection', 'close');
          throw new AppError('payload_too_large', 'The request body is too large');
        },
      }),
    )
    .route('/api', publicRoutes)
    .route('/api/privacy', privacyRoutes)
    .route('/api/admin', adminRoutes)
    .route('/api/provider', providerRoutes)
    .route('/api', quoteRoutes)
    .route('/api', messageRoutes)
    .route('/api/objects', providerUploadRoutes)
    .route('/objects', objectRoutes);

  // Development on loopback only; anywhere else a 404 like any unknown path.
  app.get(DEV_MAIL_PATH, async (c) => {
    if (!revealsTokens(env)) return c.json<ErrorBody>({ message: 'Not found' }, 404);
    const page = devMailPage(await listOutboxMailWithText(db), company, env.MAIL_FROM);
    c.header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
    noStore(c);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    return c.html(page);
  });

  // Registered for /api/* so an unknown API path is a JSON 404, never a page.
  app.notFound((c) => c.json<ErrorBody>({ message: 'Not found' }, 404));

  app.onError((thrown, c) => {
    noStore(c);
    // A lost or refused database connection is an outage, not a bug: 503 with Retry-After
    // (the pool's 'error' listener in db/client.ts logs the loss).
    const error = databaseFault(thrown) ? databaseUnavailable() : thrown;
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) {
        c.header('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
      }
      const body: ErrorBody = { message: error.message };
      if (error.fieldErrors) body.errors = error.fieldErrors;
      return c.json(body, error.status);
    }
    if (error instanceof HTTPException) {
      // e.g. a malformed JSON body; answer in the same JSON shape as everything else.
      return c.json<ErrorBody>({ message: error.message || 'Bad request' }, error.status);
    }
    logError(error);
    return c.json<ErrorBody>(
      { message: 'Something went wrong on our side. Please try again.' },
      500,
    );
  });

  return routes;
}

/**
 * The app with the type of every route it mounts: the browser's typed client is built on
 * it (src/lib/api-client.ts) by a type-only import, so no server code reaches the browser
 * (docs/decisions/0012-typed-api-contract.md).
 */
export type App = ReturnType<typeof createApp>;
