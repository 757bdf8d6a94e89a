/**
 * `npm run dev:netlify`: `netlify dev --offline` runs netlify.toml's [dev] command
 * (Astro's dev server) behind its proxy, with the functions of netlify/functions and the
 * redirects and headers of netlify.toml, on the embedded default: the dev server lends its
 * database to the function (db/shared-embedded-database.ts). A page and /api/health answer
 * through Netlify's port (its goal: within 60 s of the command).
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
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
 * goal (60 s) is a speed goal, so the test prints the time (the note records it) and does
 * not assert it: on a slow or busy machine a timed assertion fails a working command.
 */
const START_LIMIT_MS = 180_000;

let dataDir: string;
let base: string;
let server: DevProcess;

beforeAll(async () => {
  dataDir = preparedDataCopy();
  const [port, targetPort] = [await freePort(), await freePort()];
  base = `http://localhost:${port}`;
  // netlify.toml's own command, on a free port instead of 4321.
  const { dev } = parse(readFileSync(path.join(root, 'netlify.toml'), 'utf8')) as {
    dev: { command: string };
  };
  const started = Date.now();
  server = startDevProcess(
    'npm',
    [
      'run',
      'dev:netlify',
      '--',
      '--port',
      String(port),
      '--target-port',
      String(targetPort),
      '--command',
      `${dev.command} --port ${targetPort}`,
    ],
    developerEnvironment({ DATA_DIR: dataDir }),
  );
  const deadline = started + START_LIMIT_MS;
  await Promise.all([
    waitForAnswer(server, `${base}/`, deadline),
    waitForAnswer(server, `${base}/api/health`, deadline),
  ]);
  console.log(
    `npm run dev:netlify answered a page and /api/health in ${Date.now() - started} ms (goal: 60 s)`,
  );
});

afterAll(async () => {
  await server.stop();
  rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

it('serves a page with the headers of netlify.toml', async () => {
  const response = await fetch(`${base}/`);
  expect(response.status).toBe(200);
  expect(await response.text()).toContain('Search by service or location...');
  expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
});

it('answers the API through the function, on the database the dev server lends', async () => {
  const health = await fetch(`${base}/api/health`);
  expect(await health.json()).toEqual({ status: 'ok', database: 'up' });
  // Netlify logs each call of a function: the function answered, not the dev server.
  expect(server.output()).toMatch(/Request from .*: GET \/api\/health/);

  const providers = await fetch(`${base}/api/providers?limit=3`);
  expect(providers.status).toBe(200);
  const page = await fetch(`${base}/providers`);
  expect(await page.text()).toContain('Find Service Providers');
});

it('stops cleanly, giving the database back', async () => {
  await server.stop();
  expect(existsSync(path.join(dataDir, 'pglite/.lock'))).toBe(false);
  expect(existsSync(path.join(dataDir, 'pglite/.s.PGSQL.5432'))).toBe(false);
});
