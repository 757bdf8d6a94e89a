/**
 * `npm start`: build the site when the build is missing or older than its sources,
 * then migrate, seed (embedded default) and serve.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { main } from '../hosts/node/main.ts';

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

if (!existsSync(path.join(root, 'dist/index.html')) || sourcesAt > builtAt) {
  console.log('Building the site...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await main();
