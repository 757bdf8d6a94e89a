/**
 * The Netlify host of the API app (Functions v2). One database handle per warm
 * instance; production sets DATABASE_URL (Neon). Migrations run in the build command.
 */
import { purgeCache, type Config, type Context } from '@netlify/functions';
import { createApp, type App } from '../../src/api/app.ts';
import { parseEnv } from '../../src/api/env.ts';
import { databaseFault, databaseUnavailableResponse } from '../../src/api/http/database-faults.ts';
import { logErrorSafely } from '../../src/api/http/describe-error.ts';
import { netlifyEnvironment, openFunctionDatabase } from '../netlify-environment.ts';

let appPromise: Promise<App> | undefined;

async function buildApp(): Promise<App> {
  const env = parseEnv(netlifyEnvironment());
  const handle = await openFunctionDatabase(env);
  return createApp({
    db: handle.db,
    env,
    // Locally (netlify dev / serve --offline) there is no CDN and no purge token.
    ...(process.env.NETLIFY_PURGE_API_TOKEN && { purgeCache: (tags) => purgeCache({ tags }) }),
  });
}

export default async (request: Request, context: Context): Promise<Response> => {
  // A failed start is not kept: the next request tries again.
  appPromise ??= buildApp().catch((error: unknown) => {
    appPromise = undefined;
    throw error;
  });
  let app: App;
  try {
    app = await appPromise;
  } catch (error) {
    // Opening a server database connects to nothing yet, so this is rare; still a JSON
    // answer, never a crashed invocation (DESIGN.md, Errors and database faults).
    if (databaseFault(error)) return databaseUnavailableResponse();
    logErrorSafely(error);
    return Response.json(
      { message: 'Something went wrong on our side. Please try again.' },
      { status: 500, headers: { 'Cache-Control': 'private, no-store' } },
    );
  }
  // waitUntil keeps the function alive for the outbox work a change starts (app.ts).
  return app.fetch(
    request,
    { clientIp: context.ip },
    { waitUntil: (work) => context.waitUntil(work), passThroughOnException: () => {}, props: {} },
  );
};

export const config: Config = {
  path: ['/api', '/api/*', '/objects/*'],
};
