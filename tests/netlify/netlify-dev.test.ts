/**
 * `npm run dev:netlify`: `netlify dev --offline` runs netlify.toml's [dev] command
 * (Astro's dev server) behind its proxy, with the functions of netlify/functions and the
 * redirects and headers of netlify.toml, on the embedded default: the dev server lends its
 * database to the function (db/shared-embedded-database.ts). A page and /api/health answer
 * through Netlify's port (its goal: within 60 s of the command).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort, root, startScript, stopScript, type StartedScript } from './dev-process.ts';

/** netlify.toml's own [dev] command, run below on a free port instead of 4321. */
const { command } = (
  parse(readFileSync(path.join(root, 'netlify.toml'), 'utf8')) as { dev: { command: string } }
).dev;

let dev: StartedScript;

beforeAll(async () => {
  const targetPort = await freePort();
  dev = await startScript(
    'dev:netlify',
    (port) => [
      '--port',
      String(port),
      '--target-port',
      String(targetPort),
      '--command',
      `${command} --port ${targetPort}`,
    ],
    { apiPath: '/api/health', goalSeconds: 60 },
  );
});

afterAll(() => stopScript(dev));

it('serves a page with the headers of netlify.toml', async () => {
  const response = await fetch(`${dev.base}/`);
  expect(response.status).toBe(200);
  expect(await response.text()).toContain('Search by service or location...');
  expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
});

it('answers the API through the function, on the database the dev server lends', async () => {
  const health = await fetch(`${dev.base}/api/health`);
  expect(await health.json()).toEqual({ status: 'ok', database: 'up' });
  // Netlify logs each call of a function: the function answered, not the dev server.
  expect(dev.server.output()).toMatch(/Request from .*: GET \/api\/health/);

  const providers = await fetch(`${dev.base}/api/providers?limit=3`);
  expect(providers.status).toBe(200);
  const page = await fetch(`${dev.base}/providers`);
  expect(await page.text()).toContain('Find Service Providers');
});

it('stops cleanly, giving the database back', async () => {
  await dev.server.stop();
  expect(existsSync(path.join(dev.dataDir, 'pglite/.lock'))).toBe(false);
  expect(existsSync(path.join(dev.dataDir, 'pglite/.s.PGSQL.5432'))).toBe(false);
});
