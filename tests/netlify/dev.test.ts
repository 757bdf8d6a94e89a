/**
 * `npm run dev`: Astro's dev server with the API app on the same port (hosts/dev/). It
 * answers a page and /api/providers (its goal: within 30 s of the command, on a database that
 * exists already), picks up a change to the API's source on the next request without a
 * restart, shows a changed island in the open page without a reload (Vite's hot update),
 * and closes its embedded database when stopped.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts';
import { root, startScript, stopScript, waitForAnswer, type StartedScript } from './dev-process.ts';

/** A module of the API app that a request reaches (the development outbox page). */
const CHANGED_FILE = path.join(root, 'src/api/mail/dev-mail-page.ts');
const TITLE = '<title>Outbox (development)</title>';
const CHANGED_TITLE = '<title>Outbox (development, changed by the dev-server test)</title>';

/** An island a page hydrates at once (/contact's form), and a text of it. */
const ISLAND_FILE = path.join(root, 'src/islands/contact/ContactForm.tsx');
const BUTTON = "'Send message'";
const CHANGED_BUTTON = "'Send message (changed by the dev-server test)'";

let dev: StartedScript;

/** The sources a test has changed and not yet put back, with their own text. */
const changed = new Map<string, string>();
const putBack = () => {
  for (const [file, original] of changed) writeFileSync(file, original);
  changed.clear();
};
// What a test's own clean-up did not put back (a test stopped at its time limit), afterAll
// and the worker's exit do.
process.once('exit', putBack);

/** Writes a source file as a person saves it, then puts it back (Vite's watcher, above). */
async function withChangedSource(
  file: string,
  from: string,
  to: string,
  check: () => Promise<unknown>,
) {
  const original = readFileSync(file, 'utf8');
  expect(original).toContain(from);
  changed.set(file, original);
  try {
    writeFileSync(file, original.replace(from, to));
    await check();
  } finally {
    // As a person edits: Vite's file watcher (chokidar) drops a second change of a file
    // within 50 ms of the first.
    await new Promise((resolve) => setTimeout(resolve, 500));
    putBack();
  }
}

beforeAll(async () => {
  dev = await startScript(
    'dev',
    // --ignore-lock: beside a developer's own `npm run dev` of this project.
    (port) => ['--port', String(port), '--ignore-lock'],
    { apiPath: '/api/providers', goalSeconds: 30 },
  );
});

afterAll(() => {
  putBack();
  return stopScript(dev);
});

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
  expect(await (await fetch(`${dev.base}/dev/mail`)).text()).toContain(TITLE);
  await withChangedSource(CHANGED_FILE, TITLE, CHANGED_TITLE, () =>
    waitForAnswer(dev.server, `${dev.base}/dev/mail`, Date.now() + 15_000, (_, text) =>
      text.includes(CHANGED_TITLE),
    ),
  );
  await waitForAnswer(dev.server, `${dev.base}/dev/mail`, Date.now() + 15_000, (_, text) =>
    text.includes(TITLE),
  );
  // The same process all along, and its database still answers.
  expect(dev.server.child.exitCode).toBeNull();
  expect(dev.server.output().match(/ready in/g)).toHaveLength(1);
  expect((await fetch(`${dev.base}/api/health`)).status).toBe(200);
});

it('shows a changed island in the open page, without a reload or a restart', async () => {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    // What the page met on the way, for the message if the island never hydrates.
    const met: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') met.push(`console: ${message.text()}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) met.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(`${dev.base}/contact`);
    const form = page.getByRole('form', { name: 'Write to us' });
    await form
      .locator('xpath=self::*[@data-hydrated]')
      .waitFor({ timeout: 30_000 })
      .catch((error: unknown) => {
        throw new Error(`${String(error)}\nThe page met:\n${met.join('\n') || 'nothing'}`);
      });
    // What a person typed stays: the page is not loaded again.
    await form.getByLabel('Your name').fill('Sipho');
    const button = form.getByRole('button', { name: 'Send message' });
    await withChangedSource(ISLAND_FILE, BUTTON, CHANGED_BUTTON, async () => {
      await button
        .filter({ hasText: 'changed by the dev-server test' })
        .waitFor({ timeout: 15_000 });
      expect(await form.getByLabel('Your name').inputValue()).toBe('Sipho');
    });
    await button.filter({ hasNotText: 'changed' }).waitFor({ timeout: 15_000 });
    expect(await form.getByLabel('Your name').inputValue()).toBe('Sipho');
  } finally {
    await browser.close();
  }
  expect(dev.server.child.exitCode).toBeNull();
  expect(dev.server.output().match(/ready in/g)).toHaveLength(1);
});

it('closes the embedded database when stopped', async () => {
  await dev.server.stop();
  expect(existsSync(path.join(dev.dataDir, 'pglite/.lock'))).toBe(false);
});
