/**
 * `astro build` (and `astro sync`, which every build runs first) makes a Vite server of its
 * own, without a port, to generate types. Vite runs the integrations' server hooks on it
 * whenever NODE_ENV is not 'production' (a build under Vitest or `netlify serve` from a
 * test): the development host must not open, migrate and seed a database there, nor close
 * the one the build reads (hosts/dev/astro-integration.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { copyOfProject, developerEnvironment } from './dev-process.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'vp-sync-'));
// In a copy: sync rewrites .astro/, which the checkout's dev server (dev.test.ts) watches.
const project = copyOfProject();
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(project, { recursive: true, force: true });
});

it("astro sync under NODE_ENV=test leaves the data folder as it found it, and the checkout's Vite cache", () => {
  execFileSync('astro', ['sync'], {
    cwd: project,
    // As a build run by a test has it (netlify-serve.test.ts): Vite's server is then not
    // a production one, and runs the server hooks.
    env: developerEnvironment({ DATA_DIR: dataDir, NODE_ENV: 'test' }),
    stdio: 'ignore',
    timeout: 120_000,
  });
  expect(readdirSync(dataDir)).toEqual([]);
  // Sync pre-bundles dependencies into Vite's cache: the copy's own, never the checkout's,
  // whose dev server (dev.test.ts) serves its island's dependencies from there meanwhile.
  const viteCache = path.join(project, 'node_modules/.vite');
  expect(existsSync(path.join(viteCache, 'deps/_metadata.json'))).toBe(true);
  expect(realpathSync(viteCache)).toBe(path.join(realpathSync(project), 'node_modules/.vite'));
}, 150_000);
