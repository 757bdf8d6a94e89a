import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { openDatabase } from '../db/client.ts';
import { createApp } from '../src/server/app.ts';
import type { Env } from '../src/server/env.ts';
import { chooseObjectStore } from '../src/server/storage/choose-object-store.ts';
import { allowConnectTo, readNetlifyRules } from './netlify-rules.ts';
import { prepareDatabase } from './prepare-database.ts';
import { createSite } from './site.ts';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

const ROOT = new URL('../', import.meta.url);

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
  const api = createApp({ db: handle.db, env, objects });
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
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await handle.close();
    },
  };
}
