/** Opens the configured database for a command-line script and closes it afterwards. */
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { parseEnv, type Env } from '../src/api/env.ts';

export async function withDatabase(
  work: (handle: DatabaseHandle, env: Env) => Promise<void>,
): Promise<void> {
  const env = parseEnv(process.env, { purpose: 'database' });
  const handle = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    driver: env.DATABASE_DRIVER,
    dataDir: env.DATA_DIR,
  });
  try {
    await work(handle, env);
  } finally {
    await handle.close();
  }
}

export function runScript(script: () => Promise<void>): void {
  script().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
