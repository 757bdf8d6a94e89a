/**
 * `npm run dev`: Astro's dev server with the API app on the same port (hosts/dev/). It
 * answers a page and /api/providers (its goal: within 30 s of the command, on a database that
 * exists already), picks up a change to the API's source on the next request without a
 * restart, and closes its embedded database when stopped.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  developerEnvironment,
  freePort,
  preparedDataCopy,
  root,
  startDevProcess,
  waitForAnswer,
  type DevProcess,
} from './dev-process.ts';

/**
 * How long the command may take to answer before the test fails: it never started. Its
 * goal (30 s) is a speed goal, so the test prints the time (the note records it) and does
 * not assert it: on a slow or busy machine a timed assertion fails a working command.
 */
const START_LIMIT_MS = 180_000;
/** A module of the API app that a request reaches (the development outbox page). */
const CHANGED_FILE = path.join(root, 'src/api/mail/dev-mail-page.ts');
const TITLE = '<title>Outbox (development)</title>';
const CHANGED_TITLE = '<title>Outbox (development, changed by the dev-server test)</title>';

let dataDir: string;
let base: string;
let server: DevProcess;

beforeAll(async () => {
  dataDir = preparedDataCopy();
  const port = await freePort();
  base = `http://localhost:${port}`;
  const started = Date.now();
  server = startDevProcess(
    'npm',
    // --ignore-lock: beside a developer's own `npm run dev` of this project.
    ['run', 'dev', '--', '--port', String(port), '--ignore-lock'],
    developerEnvironment({ DATA_DIR: dataDir }),
  );
  const deadline = started + START_LIMIT_MS;
  await Promise.all([
    waitForAnswer(server, `${base}/`, deadline),
    waitForAnswer(server, `${base}/api/providers`, deadline),
  ]);
  console.log(
    `npm run dev answered a page and /api/providers in ${Date.now() - started} ms (goal: 30 s)`,
  );
});

afterAll(async () => {
  await server.stop();
  rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

it('serves a page and the API on one port', async () => {
  const page = await fetch(`${base}/providers`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Find Service Providers');

  const providers = await fetch(`${base}/api/providers?limit=3`);
  expect(providers.status).toBe(200);
  expect(providers.headers.get('content-type')).toContain('application/json');
  const health = await fetch(`${base}/api/health`);
  expect(await health.json()).toEqual({ status: 'ok', database: 'up' });
  // An unknown API path is the API's JSON 404, not a page.
  const unknown = await fetch(`${base}/api/no-such-route`);
  expect(unknown.status).toBe(404);
  expect(await unknown.json()).toEqual({ message: 'Not found' });
});

it('picks up a change to the API app on the next request, without a restart', async () => {
  const original = readFileSync(CHANGED_FILE, 'utf8');
  expect(original).toContain(TITLE);
  expect(await (await fetch(`${base}/dev/mail`)).text()).toContain(TITLE);
  try {
    writeFileSync(CHANGED_FILE, original.replace(TITLE, CHANGED_TITLE));
    await waitForAnswer(server, `${base}/dev/mail`, Date.now() + 15_000, (_, text) =>
      text.includes(CHANGED_TITLE),
    );
  } finally {
    // As a person edits: Vite's file watcher (chokidar) drops a second change of a file
    // within 50 ms of the first.
    await new Promise((resolve) => setTimeout(resolve, 500));
    writeFileSync(CHANGED_FILE, original);
  }
  await waitForAnswer(server, `${base}/dev/mail`, Date.now() + 15_000, (_, text) =>
    text.includes(TITLE),
  );
  // The same process all along, and its database still answers.
  expect(server.child.exitCode).toBeNull();
  expect(server.output().match(/ready in/g)).toHaveLength(1);
  expect((await fetch(`${base}/api/health`)).status).toBe(200);
});

it('closes the embedded database when stopped', async () => {
  await server.stop();
  expect(existsSync(path.join(dataDir, 'pglite/.lock'))).toBe(false);
});
