/**
 * `npm start`: build the site when the build is missing, older than its sources or made
 * for another address, then migrate, seed (embedded default) and serve.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { main } from '../hosts/node/main.ts';
import { parseEnv } from '../src/api/env.ts';

const root = path.resolve(import.meta.dirname, '..');
const BUILD_INPUTS = [
  'src',
  'public',
  'db/seed',
  'astro.config.mjs',
  'package-lock.json',
  'netlify.toml',
];

function newestModification(entry: string): number {
  const info = statSync(entry, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, child) => Math.max(newest, newestModification(path.join(entry, child))),
    info.mtimeMs,
  );
}

const builtAt =
  statSync(path.join(root, 'dist/index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
const sourcesAt = Math.max(...BUILD_INPUTS.map((p) => newestModification(path.join(root, p))));

/**
 * The pages' canonical links and the sitemap carry the site's address, fixed at build:
 * SITE_URL, or without it the address this server will listen on (PORT=3000 npm start
 * gives http://localhost:3000 links). The build records the address it was made for.
 */
const siteUrl = siteUrlOrExit();
const siteFile = path.join(root, 'dist/.site-url');
const builtFor = existsSync(siteFile) ? readFileSync(siteFile, 'utf8') : undefined;

if (
  !existsSync(path.join(root, 'dist/index.html')) ||
  sourcesAt > builtAt ||
  builtFor !== siteUrl
) {
  console.log(`Building the site for ${siteUrl}...`);
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SITE_URL: siteUrl },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(siteFile, siteUrl);
}

await main();

function siteUrlOrExit(): string {
  try {
    return parseEnv().SITE_URL;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
