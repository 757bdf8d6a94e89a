/**
 * `npm run dev`: Astro's dev server with the API app on the same port (hosts/dev/). It
 * answers a page and /api/providers (its goal: within 30 s of the command, on a database that
 * exists already), picks up a change to the API's source on the next request without a
 * restart, and closes its embedded database when stopped.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { root, startScript, stopScript, waitForAnswer, type StartedScript } from './dev-process.ts';

/** A module of the API app that a request reaches (the development outbox page). */
const CHANGED_FILE = path.join(root, 'src/api/mail/dev-mail-page.ts');
const TITLE = '<title>Outbox (development)</title>';
const CHANGED_TITLE = '<title>Outbox (development, changed by the dev-server test)</title>';

let dev: StartedScript;

beforeAll(async () => {
  dev = await startScript(
    'dev',
    // --ignore-lock: beside a developer's own `npm run dev` of this project.
    (port) => ['--port', String(port), '--ignore-lock'],
    { apiPath: '/api/providers', goalSeconds: 30 },
  );
});

afterAll(() => stopScript(dev));

it('serves a page and the API on one port', async () => {
  const page = await fetch(`${dev.base}/providers`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Find Service Providers');

  const providers = await fetch(`${dev.base}/api/providers?limit=3`);
  expect(providers.status).toBe(200);
  expect(providers.headers.get('content-type')).toContain('application/json');
  const health = await fetch(`${dev.base}/api/health`);
  expect(await health.json()).toEqual({ status: 'ok', database: 'up' });
  // An unknown API path is the API's JSON 404, not a page.
  const unknown = await fetch(`${dev.base}/api/no-such-route`);
  expect(unknown.status).toBe(404);
  expect(await unknown.json()).toEqual({ message: 'Not found' });
});

it('picks up a change to the API app on the next request, without a restart', async () => {
  const original = readFileSync(CHANGED_FILE, 'utf8');
  expect(original).toContain(TITLE);
  expect(await (await fetch(`${dev.base}/dev/mail`)).text()).toContain(TITLE);
  try {
    writeFileSync(CHANGED_FILE, original.replace(TITLE, CHANGED_TITLE));
    await waitForAnswer(dev.server, `${dev.base}/dev/mail`, Date.now() + 15_000, (_, text) =>
      text.includes(CHANGED_TITLE),
    );
  } finally {
    // As a person edits: Vite's file watcher (chokidar) drops a second change of a file
    // within 50 ms of the first.
    await new Promise((resolve) => setTimeout(resolve, 500));
    writeFileSync(CHANGED_FILE, original);
  }
  await waitForAnswer(dev.server, `${dev.base}/dev/mail`, Date.now() + 15_000, (_, text) =>
    text.includes(TITLE),
  );
  // The same process all along, and its database still answers.
  expect(dev.server.child.exitCode).toBeNull();
  expect(dev.server.output().match(/ready in/g)).toHaveLength(1);
  expect((await fetch(`${dev.base}/api/health`)).status).toBe(200);
});

it('closes the embedded database when stopped', async () => {
  await dev.server.stop();
  expect(existsSync(path.join(dev.dataDir, 'pglite/.lock'))).toBe(false);
});
