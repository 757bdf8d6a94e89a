/**
 * A development server as the tests run it: a command in a process group of its own
 * (npm and what it starts), its output kept for the failure message, stopped by
 * signalling the whole group. Its stdin stays open: Vite stops when stdin ends.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

export interface DevProcess {
  child: ChildProcess;
  output(): string;
  /** SIGTERM to the group, then SIGKILL if it has not all exited within 20 s. */
  stop(): Promise<void>;
}

export const root = path.resolve(import.meta.dirname, '../..');

/** A port nothing listens on now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('No port'));
      });
    });
  });
}

/** What a copy of the project leaves out: what git ignores (built, installed, local data). */
const NOT_SOURCES = new Set([
  '.git',
  'node_modules',
  '.toolchain',
  'dist',
  '.astro',
  '.data',
  '.netlify',
  'test-results',
  'playwright-report',
  'coverage',
  'scratch',
  'reports',
]);

/**
 * A copy of the project's sources, with the checkout's installed packages: what a command
 * writes there (dist/, .astro/, .netlify/) stays apart from the checkout, where other
 * hosts' tests run meanwhile. The caller removes it.
 */
export function copyOfProject(): string {
  const copy = mkdtempSync(path.join(tmpdir(), 'vp-project-'));
  for (const entry of readdirSync(root)) {
    if (NOT_SOURCES.has(entry) || entry.endsWith('.log') || entry === '.env') continue;
    cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true });
  }
  // The installed packages by link, one by one: the caches Vite and Astro keep in
  // node_modules (.vite, .astro) are the copy's own. A build or sync there pre-bundles the
  // dependencies anew, and would otherwise swap the checkout's cache under its dev server.
  const modules = path.join(copy, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(path.join(root, 'node_modules'))) {
    if (OWN_CACHES.has(entry)) continue;
    symlinkSync(path.join(root, 'node_modules', entry), path.join(modules, entry));
  }
  return copy;
}

/** Caches in node_modules that each copy of the project keeps for itself. */
const OWN_CACHES = new Set(['.vite', '.vite-temp', '.astro', '.vitest-cache']);

/** A copy of the prepared data folder (prepared-data.ts), the test's own. */
export function preparedDataCopy(): string {
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'vp-dev-')), 'data');
  cpSync(inject('preparedDataDir'), dataDir, { recursive: true });
  return dataDir;
}

/** The environment of a developer's shell: none of Vitest's (NODE_ENV=test would reach Vite). */
export function developerEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(
    ([name]) => name !== 'NODE_ENV' && name !== 'DATABASE_URL' && !name.startsWith('VITEST'),
  );
  return { ...Object.fromEntries(kept), BROWSER: 'none', ...extra };
}

export function startDevProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): DevProcess {
  const child = spawn(command, args, {
    cwd: root,
    env,
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => output,
    async stop() {
      const group = child.pid;
      if (group === undefined || !groupAlive(group)) return;
      process.kill(-group, 'SIGTERM');
      // npm leads the group and exits at once; the server behind it closes its database
      // first, so wait for the whole group.
      const deadline = Date.now() + 20_000;
      while (groupAlive(group) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      if (groupAlive(group)) process.kill(-group, 'SIGKILL');
      await exited;
    },
  };
}

function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Fetches `url` until `accept` takes the answer; answers its text. Fails at the deadline,
 * or at once when the process has exited, with the process's output.
 */
export async function waitForAnswer(
  server: DevProcess,
  url: string,
  deadline: number,
  accept: (response: Response, text: string) => boolean = (response) => response.ok,
): Promise<string> {
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`The server exited (${server.child.exitCode}):\n${server.output()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      const text = await response.text();
      if (accept(response, text)) return text;
      last = `${response.status}: ${text.slice(0, 200)}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No good answer from ${url} in time (last: ${last}):\n${server.output()}`);
}

/**
 * How long a development command may take to answer before its test fails: it never
 * started. Its goal is a speed goal, so the test prints the time (the note records it) and
 * does not assert it: on a slow or busy machine a timed assertion fails a working command.
 */
const START_LIMIT_MS = 180_000;

export interface StartedScript {
  server: DevProcess;
  /** http://localhost:<port>, the port the script was given. */
  base: string;
  /** The script's own copy of the prepared data folder. */
  dataDir: string;
}

/**
 * Runs `npm run <script> -- <args>` as a developer would, on a copy of the prepared data,
 * and waits until a page and `apiPath` answer on the port it was given; prints how long
 * that took against the goal.
 */
export async function startScript(
  script: string,
  args: (port: number) => string[],
  { apiPath, goalSeconds }: { apiPath: string; goalSeconds: number },
): Promise<StartedScript> {
  const dataDir = preparedDataCopy();
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const started = Date.now();
  const server = startDevProcess(
    'npm',
    ['run', script, '--', ...args(port)],
    developerEnvironment({ DATA_DIR: dataDir }),
  );
  const deadline = started + START_LIMIT_MS;
  try {
    await Promise.all([
      waitForAnswer(server, `${base}/`, deadline),
      waitForAnswer(server, `${base}${apiPath}`, deadline),
    ]);
  } catch (error) {
    await stopScript({ server, base, dataDir });
    throw error;
  }
  console.log(
    `npm run ${script} answered a page and ${apiPath} in ${Date.now() - started} ms (goal: ${goalSeconds} s)`,
  );
  return { server, base, dataDir };
}

/**
 * Stops the script's processes and removes its data folder; nothing to do when it never
 * answered (startScript has stopped it then).
 */
export async function stopScript(started: StartedScript | undefined): Promise<void> {
  if (!started) return;
  await started.server.stop();
  rmSync(path.dirname(started.dataDir), { recursive: true, force: true });
}
