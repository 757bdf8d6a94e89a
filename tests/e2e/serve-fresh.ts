/**
 * Serves the existing build on fresh embedded databases in temporary folders
 * (servers.ts). `node tests/e2e/serve-fresh.ts` starts the catalog and the operations
 * server side by side, each in a process of its own (a start migrates and seeds, which
 * takes a core for a while), and prints 'e2e servers ready' once both answer:
 * playwright.config.ts waits for that line. `node tests/e2e/serve-fresh.ts catalog`
 * starts one. Port, address, folder and a server's own settings come from servers.ts;
 * the session key, the admin and TRUST_PROXY from playwright.config.ts. Each server
 * process also opens its database door (database-door.ts) for the tests that must place
 * rows in time.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { startServer } from '../../hosts/node/start-server.ts';
import { parseEnv } from '../../src/api/env.ts';
import { openDatabaseDoor } from './database-door.ts';
import { E2E_SERVERS, serverUrl, type ServerName } from './servers.ts';

const READY = 'ready';
const name = process.argv[2];

if (name === undefined) {
  await startAll();
} else if (name === 'catalog' || name === 'operations') {
  await serve(name);
} else {
  throw new Error('Usage: node tests/e2e/serve-fresh.ts [catalog|operations]');
}

async function startAll() {
  const children = new Map<ServerName, ChildProcess>();
  const stopAll = () => {
    for (const child of children.values()) child.kill('SIGTERM');
  };
  process.on('SIGINT', stopAll);
  process.on('SIGTERM', stopAll);
  try {
    await Promise.all(
      (Object.keys(E2E_SERVERS) as ServerName[]).map(
        (server) =>
          new Promise<void>((resolve, reject) => {
            const child = fork(import.meta.filename, [server], { stdio: 'inherit' });
            children.set(server, child);
            child.on('message', (message) => {
              if (message === READY) resolve();
            });
            child.on('exit', (code, signal) => {
              const why = signal ? `signal ${signal}` : `exit code ${code ?? '?'}`;
              reject(new Error(`The e2e ${server} server stopped (${why})`));
              // One server alone is no use: the other goes too, and so does this process.
              stopAll();
              process.exitCode = 1;
            });
          }),
      ),
    );
  } catch (error) {
    stopAll();
    throw error;
  }
  console.log('e2e servers ready');
}

async function serve(server: ServerName) {
  const { port, dataDir, doorPort, env } = E2E_SERVERS[server];
  // Emptied at each start: Playwright may stop this server before it can clean up.
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  // Not development mode: set-password and reset tokens travel by mail only, as in
  // production, and the tests read them from the outbox (DATA_DIR/mail).
  const running = await startServer(
    parseEnv({
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: serverUrl(server),
      DATA_DIR: dataDir,
    }),
  );
  const door = await openDatabaseDoor(running.db, doorPort);
  console.log(`e2e ${server} server at ${running.url} (data in ${dataDir})`);
  process.send?.(READY);

  const stop = async () => {
    door.close();
    await running.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}
