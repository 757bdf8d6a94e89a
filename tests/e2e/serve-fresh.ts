/** Serves the existing build on a fresh embedded database in a temporary folder. */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startServer } from '../../hosts/node/start-server.ts';
import { parseEnv } from '../../src/api/env.ts';

// One folder, emptied at each start: Playwright may stop this server before it can clean up.
const dataDir = path.resolve(import.meta.dirname, '../../reports/e2e-data');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const server = await startServer(
  parseEnv({ ...process.env, DATA_DIR: dataDir, APP_ENV: 'development' }),
);
console.log(`e2e server at ${server.url} (data in ${dataDir})`);

const stop = async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
