/**
 * The Vitest globalSetup of the netlify projects: a data folder migrated and seeded as
 * `npm run db:migrate` makes it, for the dev-server tests to copy. Seeding a fresh
 * embedded database takes 10 to 20 s on two cores; the tests time the servers' start,
 * not that (a fresh clone pays it once, at its first `npm run dev`). `npm test` hands
 * over the folder its build step migrated and seeded (PREPARED_DATA_DIR), closed since;
 * otherwise one is made here.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A closed, migrated and seeded DATA_DIR; copy it, never open it in place. */
    preparedDataDir: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

export default function setup(project: TestProject): (() => void) | undefined {
  const handedOver = process.env.PREPARED_DATA_DIR;
  if (handedOver && existsSync(path.join(handedOver, 'pglite/PG_VERSION'))) {
    project.provide('preparedDataDir', path.resolve(handedOver));
    return undefined;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vp-prepared-data-'));
  const migrated = spawnSync(process.execPath, ['scripts/migrate.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  if (migrated.status !== 0) {
    throw new Error(`Preparing a data folder failed:\n${migrated.stdout}${migrated.stderr}`);
  }
  project.provide('preparedDataDir', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
