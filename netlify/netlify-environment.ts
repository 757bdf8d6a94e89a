import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import type { Env } from '../src/api/env.ts';

/**
 * The environment of the Netlify functions: SITE_URL defaults to the site's main address,
 * which Netlify sets as URL (https://docs.netlify.com/configure-builds/environment-variables/).
 */
export function netlifyEnvironment(): Record<string, string | undefined> {
  return { ...process.env, SITE_URL: process.env.SITE_URL ?? process.env.URL };
}

/** One connection per function instance: Neon pools on its side. */
export function openFunctionDatabase(env: Env): Promise<DatabaseHandle> {
  return openDatabase({
    databaseUrl: env.DATABASE_URL,
    driver: env.DATABASE_DRIVER,
    dataDir: env.DATA_DIR,
    maxConnections: 1,
  });
}
