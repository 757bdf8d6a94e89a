/**
 * `npm run bench`: GET /api/providers under load, beside the same SQL run directly.
 *
 * For each target database (the local PostgreSQL server, then embedded PGlite): build a
 * scratch database with the sample data plus N synthetic providers (default 100,000),
 * start the Node server in its own process, and for each scenario and concurrency (1
 * and 50) run the queries straight through the driver (listProviders, the exact SQL the
 * route runs), then load the server over HTTP (autocannon) with as many connections,
 * each after a warm-up at that concurrency (PGlite, one process's database, runs the SQL
 * side after the server instead). Prints one Markdown table per target; the API/SQL
 * throughput ratio is the API's overhead.
 *
 * Before the runs, the timed jobs run until nothing is due (settleJobs), so the server's
 * schedule does not deliver a freshly loaded catalogue's reminders during them.
 *
 * The admin's provider list (listAdminProviders, paged on the server with its total) is
 * measured through the driver too: page 1 and page 1000 of 25, newest first.
 *
 * Options: --providers N  --seconds S  --targets postgres,pglite  --only WORD (the scenarios
 * whose name holds WORD, e.g. search)  --port P (the API server's, default 4600)
 * The PostgreSQL target also measures profile writes of 50 providers at once and the
 * search's storage (scripts/bench-writes.ts; --only writes for those alone).
 * --keep NAME (PostgreSQL only: load into database NAME once and keep it; a later run
 * with the same NAME migrates it and measures again without loading)
 * BENCH_DATABASE_URL: the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { addSyntheticProviders, seedDatabase } from '../db/seed/seed.ts';
import { runDueJobs } from '../src/api/jobs/run-due-jobs.ts';
import { createMailer } from '../src/api/mail/mailer.ts';
import { listAdminProviders } from '../src/api/providers/list-admin-providers.ts';
import { listProviders } from '../src/api/providers/list-providers.ts';
import { localObjectStore } from '../src/api/storage/object-store.ts';
import { AdminProviderListQuerySchema } from '../src/lib/schemas/admin-lists.ts';
import { ProviderQuerySchema } from '../src/lib/schemas/provider-query.ts';
import { profileWrites, searchStorage, writesTable } from './bench-writes.ts';

const { values } = parseArgs({
  options: {
    providers: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '5' },
    targets: { type: 'string', default: 'postgres,pglite' },
    only: { type: 'string', default: '' },
    port: { type: 'string', default: '4600' },
    keep: { type: 'string', default: '' },
  },
});
const PROVIDERS = Number(values.providers);
const SECONDS = Number(values.seconds);
const TARGETS = values.targets.split(',') as ('postgres' | 'pglite')[];
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(values.port);
const CONCURRENCIES = [1, 50];
/**
 * Before each measured run, the same calls at the run's concurrency, unmeasured: the
 * pool's connections open and prepare their statements, and the code on both sides is
 * compiled hot, so neither side is timed cold (the server starts fresh, while the SQL
 * side runs in this process, which ran the same code before).
 */
const WARM_UP_SECONDS = 1;

const ALL_SCENARIOS = [
  { name: 'no filter', query: '' },
  { name: 'serviceType + verification', query: 'serviceType=cctv&verification=verified' },
  { name: 'search', query: 'search=cape%20town' },
  // A service and a town, a misspelt town, a synonym phrase and a town's other name.
  { name: 'search "cctv pretoria"', query: 'search=cctv%20pretoria' },
  { name: 'search "Johannesbrug" (typo)', query: 'search=Johannesbrug' },
  { name: 'search "gate motor eThekwini"', query: 'search=gate%20motor%20eThekwini' },
  {
    name: 'near me (serviceType, sorted by distance)',
    query: 'serviceType=cctv&sort=nearest&userLat=-33.9249&userLng=18.4241',
  },
] as const;
const SCENARIOS = ALL_SCENARIOS.filter((scenario) => scenario.name.includes(values.only));

/**
 * GET /api/admin/providers?page=N (25 a page, newest first, with the total). One caller:
 * a few admins, not the public, use it.
 */
const ADMIN_CONCURRENCIES = [1];
const ADMIN_SCENARIOS = [
  { name: 'admin providers, page 1', query: 'page=1' },
  { name: 'admin providers, page 1000', query: 'page=1000' },
].filter((scenario) => scenario.name.includes(values.only));

interface Figures {
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

function figures(latencies: number[], seconds: number): Figures {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { perSecond: sorted.length / seconds, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/** `concurrency` callers run listProviders back to back for SECONDS. */
function sqlLoop(handle: DatabaseHandle, query: string, concurrency: number): Promise<Figures> {
  const parsed = ProviderQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
  return timedLoop(() => listProviders(handle.db, parsed), concurrency);
}

/** The same for the admin's list. */
function adminSqlLoop(
  handle: DatabaseHandle,
  query: string,
  concurrency: number,
): Promise<Figures> {
  const parsed = AdminProviderListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
  return timedLoop(() => listAdminProviders(handle.db, parsed), concurrency);
}

async function timedLoop(call: () => Promise<unknown>, concurrency: number): Promise<Figures> {
  await callersFor(WARM_UP_SECONDS, call, concurrency, () => {});
  const latencies: number[] = [];
  const started = performance.now();
  await callersFor(SECONDS, call, concurrency, (ms) => latencies.push(ms));
  return figures(latencies, (performance.now() - started) / 1000);
}

/** `concurrency` callers make `call` back to back for `seconds`, each time reported. */
async function callersFor(
  seconds: number,
  call: () => Promise<unknown>,
  concurrency: number,
  took: (ms: number) => void,
): Promise<void> {
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await call();
        took(performance.now() - t);
      }
    }),
  );
}

async function httpLoad(query: string, connections: number): Promise<Figures> {
  const url = `http://127.0.0.1:${PORT}/api/providers${query ? `?${query}` : ''}`;
  await autocannon({ url, connections, duration: WARM_UP_SECONDS });
  await drained(url);
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: SECONDS }, (error, done) =>
      error ? reject(error as Error) : resolve(done),
    );
    instance.on('response', (_client, status, _bytes, time) => {
      if (status === 200) latencies.push(time);
    });
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  await drained(url);
  return figures(latencies, result.duration);
}

/**
 * Resolves once the server has answered what it was sent: autocannon stops at the end of
 * its time and closes its connections with up to one request each unanswered, which the
 * server still works through (at 50 connections, 0.3 to 0.6 s of work that delayed the
 * first answers of the next run). The server answers in turn, so one more request's
 * answer comes after theirs.
 */
async function drained(url: string): Promise<void> {
  await (await fetch(url)).arrayBuffer();
}

/**
 * Runs the timed jobs until nothing is due, the mail going to `dataDir`: what loading
 * 100,000 providers at once makes due (5,063 check reminders) would otherwise be written
 * and delivered by the server's schedule, 100 mails every 15 s, during the runs. Answers
 * the mails delivered.
 */
async function settleJobs(handle: DatabaseHandle, dataDir: string): Promise<number> {
  const mailer = createMailer({ DATA_DIR: dataDir, MAIL_FROM: 'bench@example.co.za' });
  const dependencies = {
    db: handle.db,
    mailer,
    objects: localObjectStore(dataDir),
    env: { SITE_URL: 'http://127.0.0.1' },
  };
  let delivered = 0;
  for (;;) {
    const { outbox, checkReminders, requestReminders } = await runDueJobs(dependencies);
    delivered += outbox.sent;
    if (outbox.sent + outbox.retried + outbox.failed + checkReminders + requestReminders === 0)
      return delivered;
  }
}

async function startServer(env: Record<string, string>): Promise<() => Promise<void>> {
  const child = spawn(process.execPath, ['hosts/node/main.ts'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      APP_ENV: 'test',
      // A database server needs the site's address and a shared session key.
      SITE_URL: `http://127.0.0.1:${PORT}`,
      SESSION_SECRET: process.env.SESSION_SECRET ?? randomBytes(32).toString('base64url'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    const up = await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) {
      return async () => {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGKILL');
  throw new Error('The server did not start');
}

const ms = (n: number) => n.toFixed(2);
const missing = (): never => {
  throw new Error('A benchmark run is missing');
};
const rps = (n: number) => Math.round(n).toLocaleString('en-ZA');

async function benchTarget(target: 'postgres' | 'pglite'): Promise<string> {
  const kept = target === 'postgres' && values.keep !== '';
  if (kept && !/^[a-z_][a-z0-9_]*$/.test(values.keep)) throw new Error('--keep: a plain name');
  const name = kept ? values.keep : `vp_bench_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vp-bench-'));
  const admin = new pg.Client({ connectionString: SERVER_URL });
  let env: Record<string, string>;
  let loaded = false;
  if (target === 'postgres') {
    await admin.connect();
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    loaded = kept && exists.rowCount === 1;
    if (!loaded) await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(SERVER_URL);
    url.pathname = `/${name}`;
    // The server's mail goes to this run's scratch folder, not to the project's .data.
    env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
  } else {
    env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  }

  try {
    const open = () =>
      openDatabase(target === 'postgres' ? { databaseUrl: env.DATABASE_URL } : { dataDir });
    const handle = await open();
    await migrateDatabase(handle);
    const loadStarted = performance.now();
    if (!loaded) {
      await seedDatabase(handle.db);
      await addSyntheticProviders(handle.db, PROVIDERS);
    }
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const settled = await settleJobs(handle, dataDir);
    if (settled > 0) console.log(`[${target}] wrote and delivered ${settled} due mails first`);
    // Loading inserts every provider, then updates each twice (its checks' verified_until,
    // its rating): non-HOT updates that leave the table 2.5 times its live size, since no
    // insert comes after to reuse the space. A catalogue grown one provider at a time
    // reuses it as autovacuum frees it, so a fresh load is compacted once to be like one.
    await handle.db.execute(loaded ? sql`VACUUM ANALYZE` : sql`VACUUM (FULL, ANALYZE)`);
    console.log(
      loaded
        ? `[${target}] measuring ${name} as it was loaded`
        : `[${target}] loaded ${PROVIDERS.toLocaleString('en-ZA')} providers in ${loadSeconds.toFixed(1)} s`,
    );

    const adminList = new Map<string, Figures>();
    for (const scenario of ADMIN_SCENARIOS) {
      for (const c of ADMIN_CONCURRENCIES) {
        adminList.set(`${scenario.name}/${c}`, await adminSqlLoop(handle, scenario.query, c));
        console.log(`[${target}] SQL  ${scenario.name} c=${c} done`);
      }
    }

    // Each run's SQL and API figures are taken one right after the other, so that their
    // ratio compares the same minute of the machine (PGlite is one process's: its own
    // handle closes before the server opens the folder).
    const direct = new Map<string, Figures>();
    const api = new Map<string, Figures>();
    if (target === 'pglite') await handle.close();
    const stop = await startServer(env);
    try {
      for (const scenario of SCENARIOS) {
        for (const c of CONCURRENCIES) {
          if (target === 'postgres') {
            direct.set(`${scenario.name}/${c}`, await sqlLoop(handle, scenario.query, c));
          }
          api.set(`${scenario.name}/${c}`, await httpLoad(scenario.query, c));
          console.log(`[${target}] ${scenario.name} c=${c} done`);
        }
      }
    } finally {
      await stop();
      if (target === 'postgres') await handle.close();
    }
    if (target === 'pglite') {
      // The embedded database again, for the SQL side, once the server has let it go.
      const again = await open();
      try {
        for (const scenario of SCENARIOS) {
          for (const c of CONCURRENCIES) {
            direct.set(`${scenario.name}/${c}`, await sqlLoop(again, scenario.query, c));
          }
        }
      } finally {
        await again.close();
      }
    }

    // Profile writes of 50 providers at once, and the search's storage (PostgreSQL only).
    const writes =
      target === 'postgres' && 'profile writes'.includes(values.only)
        ? [
            writesTable([
              await profileWrites(env.DATABASE_URL ?? '', 1, SECONDS),
              await profileWrites(env.DATABASE_URL ?? '', 50, SECONDS),
            ]),
            await searchStorage(env.DATABASE_URL ?? ''),
          ]
        : [];

    const rows = SCENARIOS.flatMap((scenario) =>
      CONCURRENCIES.map((c) => {
        const a = api.get(`${scenario.name}/${c}`) ?? missing();
        const d = direct.get(`${scenario.name}/${c}`) ?? missing();
        return `| ${scenario.name} | ${c} | ${rps(a.perSecond)} | ${ms(a.p50)} / ${ms(a.p95)} / ${ms(a.p99)} | ${rps(d.perSecond)} | ${ms(d.p50)} / ${ms(d.p95)} / ${ms(d.p99)} | ${(a.perSecond / d.perSecond).toFixed(2)} |`;
      }),
    );
    return [
      `### ${target === 'postgres' ? 'PostgreSQL server (node-postgres)' : 'Embedded PGlite'}: ${(PROVIDERS + 46).toLocaleString('en-ZA')} providers, ${SECONDS} s per run, loaded in ${loadSeconds.toFixed(1)} s`,
      '',
      '| GET /api/providers | conc. | API req/s | API p50 / p95 / p99 ms | SQL calls/s | SQL p50 / p95 / p99 ms | API/SQL |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...rows,
      ...(ADMIN_SCENARIOS.length === 0
        ? []
        : [
            '',
            '| GET /api/admin/providers (SQL only) | conc. | SQL calls/s | SQL p50 / p95 / p99 ms |',
            '|---|---:|---:|---:|',
            ...ADMIN_SCENARIOS.flatMap((scenario) =>
              ADMIN_CONCURRENCIES.map((c) => {
                const d = adminList.get(`${scenario.name}/${c}`) ?? missing();
                return `| ${scenario.name} | ${c} | ${rps(d.perSecond)} | ${ms(d.p50)} / ${ms(d.p95)} / ${ms(d.p99)} |`;
              }),
            ),
          ]),
      ...writes.flatMap((table) => ['', table]),
    ].join('\n');
  } finally {
    if (target === 'postgres') {
      if (!kept) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const tables: string[] = [];
for (const target of TARGETS) tables.push(await benchTarget(target));
console.log(`\n${tables.join('\n\n')}\n`);
