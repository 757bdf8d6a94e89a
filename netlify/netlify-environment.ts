import { lentDatabaseUrl, openDatabase, type DatabaseHandle } from '../db/client.ts';
import type { Env } from '../src/api/env.ts';

/**
 * The environment of the Netlify functions: SITE_URL defaults to the site's main address,
 * which Netlify sets as URL (https://docs.netlify.com/configure-builds/environment-variables/).
 */
export function netlifyEnvironment(): Record<string, string | undefined> {
  return { ...process.env, SITE_URL: process.env.SITE_URL ?? process.env.URL };
}

/**
 * One connection per function instance: Neon pools on its side. Under `netlify dev` on
 * the embedded default, Astro's dev server holds the embedded database and lends it
 * (hosts/dev/): the CLI runs each call of a function in a new worker, which must not open
 * the folder itself. NETLIFY_DEV is set by `netlify dev` only, never on Netlify.
 */
export async function openFunctionDatabase(env: Env): Promise<DatabaseHandle> {
  const lent =
    process.env.NETLIFY_DEV === 'true' && !env.DATABASE_URL
      ? await borrowedDatabaseUrl(env.DATA_DIR)
      : undefined;
  return openDatabase({
    databaseUrl: lent ?? env.DATABASE_URL,
    driver: lent ? 'pg' : env.DATABASE_DRIVER,
    dataDir: env.DATA_DIR,
    maxConnections: 1,
  });
}

/** Below netlify dev's 30 s limit on a function call. */
const LEND_WAIT_MS = 25_000;

/** The dev server lends its database once it has migrated it: a first request waits. */
async function borrowedDatabaseUrl(dataDir: string): Promise<string> {
  const deadline = Date.now() + LEND_WAIT_MS;
  for (;;) {
    const url = lentDatabaseUrl(dataDir);
    if (url) return url;
    if (Date.now() > deadline) {
      throw new Error(
        `netlify dev: no embedded database lent in ${dataDir} after ${LEND_WAIT_MS / 1000} s. The dev server of netlify.toml's [dev] command (astro dev) lends it once migrated; is it running?`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
