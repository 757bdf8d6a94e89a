/**
 * The process survives the database (DESIGN.md, Modes: database faults): the real Node
 * host, in a process of its own, on a throwaway PostgreSQL cluster that the test stops,
 * restarts and cuts off, through node-postgres and through the Neon driver (over the
 * WebSocket proxy). While the database is away every API route answers 503 with
 * Retry-After and a JSON message, /api/health says the database is down and pages are
 * still served; once it is back, answers are 200 within 5 s, without a restart. Also a
 * transaction cut off mid-way, and the Netlify host's handler. Prints the figures of
 * each outage.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { databaseFault } from '../../src/api/http/database-faults.ts';
import {
  startNeonWebSocketProxy,
  useNeonWebSocketProxy,
  type NeonWebSocketProxy,
} from '../helpers/neon-websocket-proxy.ts';
import { createPostgresCluster, freePort, type PostgresCluster } from './postgres-cluster.ts';

const RECOVERY_LIMIT_MS = 5_000;
const OUTAGE_MS = 3_000;
const PAGE_MARKER = 'resilience-test-page';

let cluster: PostgresCluster;
const hosts: Host[] = [];
let proxy: NeonWebSocketProxy;
let workDir: string;
let distDir: string;
/** What beforeAll made, undone in reverse order even when it got only part of the way. */
const cleanUp: (() => unknown)[] = [];

beforeAll(async () => {
  cluster = await createPostgresCluster();
  cleanUp.push(() => cluster.remove());
  proxy = await startNeonWebSocketProxy({ host: '127.0.0.1', port: cluster.port });
  cleanUp.push(() => proxy.close());
  // For the Neon driver in this process; the hosts get the address in their environment.
  useNeonWebSocketProxy(proxy.address);
  workDir = mkdtempSync(path.join(os.tmpdir(), 'vp-resilience-host-'));
  cleanUp.push(() => {
    rmSync(workDir, { recursive: true, force: true });
  });
  distDir = path.join(workDir, 'dist');
  mkdirSync(distDir);
  writeFileSync(
    path.join(distDir, 'index.html'),
    `<!doctype html><title>Home</title><p>${PAGE_MARKER}</p>`,
  );
  for (const driver of ['pg', 'neon']) await cluster.query(`CREATE DATABASE vp_${driver}`);
}, 60_000);

afterAll(async () => {
  await Promise.all(hosts.map((host) => host.stop()));
  for (const step of cleanUp.reverse()) await step();
});

/** The host process, its output, and a way to wait for a line of it. */
interface Host {
  url: string;
  output(): string;
  alive(): boolean;
  waitFor(pattern: RegExp, timeoutMs: number): Promise<string>;
  stop(): Promise<void>;
}

async function startHost(driver: 'pg' | 'neon'): Promise<Host> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'node-host.ts')],
    {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: cluster.url(`vp_${driver}`),
        DATABASE_DRIVER: driver,
        ...(driver === 'neon' && { NEON_WS_PROXY: proxy.address }),
        PORT: String(port),
        HOST: '127.0.0.1',
        SITE_URL: `http://127.0.0.1:${port}`,
        SESSION_SECRET: 'resilience-test-session-secret-0123456789',
        DATA_DIR: path.join(workDir, `data-${driver}`),
        DIST_DIR: distDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  child.on('exit', () => {
    for (const listener of listeners) listener();
  });
  const alive = () => child.exitCode === null && child.signalCode === null;

  const host: Host = {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    alive,
    waitFor: (pattern, timeoutMs) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output);
          if (match) done(() => resolve(match[0]));
          else if (!alive()) {
            done(() => reject(new Error(`The host exited (${child.exitCode}):\n${output}`)));
          }
        };
        const timer = setTimeout(
          () => done(() => reject(new Error(`No ${pattern} within ${timeoutMs} ms:\n${output}`))),
          timeoutMs,
        );
        const done = (settle: () => void) => {
          clearTimeout(timer);
          listeners.delete(check);
          settle();
        };
        listeners.add(check);
        check();
      }),
    async stop() {
      if (!alive()) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  hosts.push(host);
  return host;
}

interface Answer {
  route: string;
  status: number;
  retryAfter: string | null;
  contentType: string | null;
  body: string;
}

const API_ROUTES: [string, RequestInit?][] = [
  ['/api/providers'],
  ['/api/stats'],
  ['/api/flash-ads'],
  ['/api/providers/1'],
  [
    '/api/enquiries',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        customerName: 'Thandi Nkosi',
        customerEmail: 'thandi@example.co.za',
        serviceType: 'cctv',
        location: 'Sandton',
        description: 'Four outdoor cameras.',
      }),
    },
  ],
];

async function ask(base: string, route: string, init?: RequestInit): Promise<Answer> {
  const response = await fetch(`${base}${route}`, { ...init, signal: AbortSignal.timeout(15_000) });
  return {
    route: `${init?.method ?? 'GET'} ${route}`,
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    contentType: response.headers.get('content-type'),
    body: await response.text(),
  };
}

/** Every API route, the health check and a page, again and again for `ms`. */
async function askRepeatedly(base: string, ms: number) {
  const api: Answer[] = [];
  const health: Answer[] = [];
  const pages: Answer[] = [];
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const [round, check, page] = await Promise.all([
      Promise.all(API_ROUTES.map(([route, init]) => ask(base, route, init))),
      ask(base, '/api/health'),
      ask(base, '/'),
    ]);
    api.push(...round);
    health.push(check);
    pages.push(page);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { api, health, pages };
}

function expectUnavailable(answers: Answer[]) {
  for (const answer of answers) {
    expect(answer, answer.route).toMatchObject({ status: 503 });
    expect(Number(answer.retryAfter), answer.route).toBeGreaterThan(0);
    expect(answer.contentType, answer.route).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body), answer.route).toEqual({
      message: expect.any(String) as string,
    });
  }
}

function expectHealthDown(answers: Answer[]) {
  for (const answer of answers) {
    expect(answer.status).toBe(503);
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    expect(JSON.parse(answer.body)).toMatchObject({
      // 'starting' while the host waits for its first connection.
      status: expect.stringMatching(/^(unavailable|starting)$/) as string,
      database: 'down',
      message: expect.any(String) as string,
    });
  }
}

function expectPagesServed(answers: Answer[]) {
  for (const answer of answers) {
    expect(answer.status).toBe(200);
    expect(answer.body).toContain(PAGE_MARKER);
  }
}

/** Asks `route` every 100 ms until it answers 200; the answers before that one. */
async function untilOk(base: string, route: string, timeoutMs: number) {
  const before: Answer[] = [];
  const end = Date.now() + timeoutMs;
  for (;;) {
    const answer = await ask(base, route).catch((error: unknown) => ({
      route,
      status: 0,
      retryAfter: null,
      contentType: null,
      body: String(error),
    }));
    if (answer.status === 200) return before;
    before.push(answer);
    if (Date.now() > end) throw new Error(`${route} not 200 within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const tally = (answers: Answer[]) => {
  const counts = new Map<number, number>();
  for (const { status } of answers) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${n}× ${status || 'no answer'}`).join(', ');
};
const seconds = (ms: number) => (ms / 1000).toFixed(2);

describe.each(['pg', 'neon'] as const)('the Node host on the %s driver', (driver) => {
  let host: Host | undefined;

  /** The host of the test before, or a new one when that one did not make it. */
  async function runningHost(): Promise<Host> {
    await cluster.start();
    if (!host?.alive()) {
      host = await startHost(driver);
      await host.waitFor(/^READY /m, 60_000);
    }
    return host;
  }

  it('starts while the database is down: logs that it retries, serves once it is up', async () => {
    await cluster.stop();
    const fresh = await startHost(driver);
    host = fresh;
    const line = await fresh.waitFor(
      /Database not reachable \([^)]+\): retrying in \d+ s\.\.\./,
      30_000,
    );
    // Meanwhile the process lives, pages are served and the API says why it cannot answer.
    const waiting = await askRepeatedly(fresh.url, 500);
    expect(fresh.alive()).toBe(true);
    expectPagesServed(waiting.pages);
    expectUnavailable(waiting.api);
    expectHealthDown(waiting.health);

    await cluster.start();
    const up = Date.now();
    await fresh.waitFor(/^READY /m, 30_000);
    await untilOk(fresh.url, '/api/providers', 30_000);
    const serving = Date.now() - up;
    console.log(
      `[${driver}] start while down: logged "${line}"; ${waiting.api.length} API answers while waiting (${tally(waiting.api)}); serving ${seconds(serving)} s after the database accepted connections`,
    );
    expect((await ask(fresh.url, '/api/health')).body).toBe(
      JSON.stringify({ status: 'ok', database: 'up' }),
    );
  }, 90_000);

  it('answers 503 while the database is stopped, serves pages, and recovers within 5 s of its restart', async () => {
    const server = await runningHost();
    // Several pooled connections, idle when the database goes.
    const warm = await Promise.all(API_ROUTES.slice(0, 4).map(([route]) => ask(server.url, route)));
    expect(warm.map((a) => a.status)).toEqual([200, 200, 200, 404]);

    await cluster.stop();
    const outage = await askRepeatedly(server.url, OUTAGE_MS);
    expect(server.alive()).toBe(true);
    expect(outage.api.length).toBeGreaterThan(0);
    expectUnavailable(outage.api);
    expectHealthDown(outage.health);
    expectPagesServed(outage.pages);

    await cluster.start();
    const up = Date.now();
    const before = await untilOk(server.url, '/api/providers', RECOVERY_LIMIT_MS + 5_000);
    const recovery = Date.now() - up;
    console.log(
      `[${driver}] database stopped ${seconds(OUTAGE_MS)} s: ${outage.api.length} API answers (${tally(outage.api)}), ${outage.health.length} health (${tally(outage.health)}), ${outage.pages.length} pages (${tally(outage.pages)}); process alive; 200 again ${seconds(recovery)} s after the database accepted connections (${before.length} answers before: ${tally(before) || 'none'})`,
    );
    expect(recovery).toBeLessThan(RECOVERY_LIMIT_MS);
    for (const [route] of API_ROUTES.slice(0, 3)) {
      expect((await ask(server.url, route)).status).toBe(200);
    }
    expect(JSON.parse((await ask(server.url, '/api/health')).body)).toEqual({
      status: 'ok',
      database: 'up',
    });
  }, 90_000);

  it('survives pg_terminate_backend of its connections and answers 200 again', async () => {
    const server = await runningHost();
    await Promise.all(API_ROUTES.slice(0, 3).map(([route]) => ask(server.url, route)));
    const [{ terminated } = { terminated: 0 }] = await cluster.query<{ terminated: number }>(
      'SELECT count(pg_terminate_backend(pid))::int AS terminated FROM pg_stat_activity WHERE datname = $1',
      [`vp_${driver}`],
    );
    expect(terminated).toBeGreaterThan(0);
    const cut = Date.now();
    // The host hears of the terminations at once; give a crash the time to happen.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(server.alive()).toBe(true);
    const before = await untilOk(server.url, '/api/providers', RECOVERY_LIMIT_MS);
    for (const answer of before) expect(answer.status).toBe(503);
    for (const [route] of API_ROUTES.slice(0, 3)) {
      expect((await ask(server.url, route)).status).toBe(200);
    }
    console.log(
      `[${driver}] ${terminated} connections terminated: process alive after ${seconds(Date.now() - cut)} s; ${before.length} non-200 answers before 200`,
    );
  }, 60_000);
});

describe.each(['pg', 'neon'] as const)('a transaction on the %s driver', (driver) => {
  it('whose connection is cut between two statements fails with a database fault, and the pool goes on', async () => {
    await cluster.start();
    const handle = await openDatabase({
      databaseUrl: cluster.url(`vp_${driver}`),
      driver,
      maxConnections: 2,
    });
    try {
      const outcome = await handle.db
        .transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
          // The client is checked out and idle: the pool's own listener is not on it.
          await cluster.query(
            'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1',
            [`vp_${driver}`],
          );
          await new Promise((resolve) => setTimeout(resolve, 500));
          await tx.execute(sql`SELECT 1`);
        })
        .then(
          () => 'committed',
          (error: unknown) => databaseFault(error) ?? error,
        );
      expect(outcome).toEqual(expect.any(String));
      expect(outcome).not.toBe('committed');
      await expect(handle.db.execute(sql`SELECT 1`)).resolves.toBeDefined();
    } finally {
      await handle.close();
    }
  });
});

describe('the Netlify host', () => {
  const saved = { ...process.env };
  afterAll(() => {
    process.env = saved;
  });

  it('answers 503 JSON while the database is down at its first request, then 200 once it is up', async () => {
    // Migrated above by the Node host on the pg driver; the function migrates nothing itself.
    Object.assign(process.env, {
      DATABASE_URL: cluster.url('vp_pg'),
      DATABASE_DRIVER: 'pg',
      SITE_URL: 'https://example.org',
      SESSION_SECRET: 'resilience-test-session-secret-0123456789',
      // A site beyond loopback names its operator (decision 0043).
      PUBLIC_COMPANY_LEGAL_NAME: 'Sample Operator (Pty) Ltd',
      PUBLIC_COMPANY_ADDRESS: '1 Sample Street, Cape Town, 8001',
      PUBLIC_COMPANY_EMAIL: 'hello@example.org',
      DATA_DIR: path.join(workDir, 'data-netlify'),
    });
    const { default: handler } = await import('../../netlify/functions/api.mts');
    const context = {
      ip: '127.0.0.1',
      waitUntil: () => {},
    } as unknown as Parameters<typeof handler>[1];
    const call = async (route: string) => {
      const response = await handler(new Request(`https://example.org${route}`), context);
      return { response, body: (await response.json()) as Record<string, unknown> };
    };

    await cluster.stop();
    for (const route of ['/api/providers', '/api/stats']) {
      const { response, body } = await call(route);
      expect(response.status, route).toBe(503);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(body).toEqual({ message: expect.any(String) as string });
    }
    const health = await call('/api/health');
    expect(health.response.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'unavailable', database: 'down' });

    await cluster.start();
    const up = Date.now();
    for (;;) {
      const { response } = await call('/api/providers');
      if (response.status === 200) break;
      expect(Date.now() - up).toBeLessThan(RECOVERY_LIMIT_MS);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    console.log(`[netlify] 200 again ${seconds(Date.now() - up)} s after the database restarted`);
  }, 60_000);
});
