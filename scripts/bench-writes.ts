/**
 * Profile writes at once: `connections` callers each update the profile of a provider of
 * their own (50 different providers) back to back for a number of seconds, as
 * PUT /api/provider/profile does (one UPDATE of price and description, which changes the
 * search text, so every trigger on service_providers runs). With 50 connections, writes
 * that wait for each other serialise and the rate stays near one connection's; writes
 * that touch their own rows only scale with the server's cores.
 *
 * Used by `npm run bench -- --only writes`, and alone on a loaded PostgreSQL database:
 * `node scripts/bench-writes.ts --database postgres://.../vp_bench --seconds 5`.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism as cpuCount } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';

export interface WriteFigures {
  connections: number;
  /** Writes that committed, a second. */
  perSecond: number;
  /** Writes PostgreSQL broke off (deadlock, 40P01): each is an error answer to a provider. */
  failed: number;
  p50: number;
  p95: number;
  /**
   * Of the writers' connections seen by samples of pg_stat_activity every 10 ms, the share
   * waiting for another write's row (a tuple or transaction lock): writes that queue behind
   * each other show here.
   */
  rowWaitShare: number;
  /** The share waiting to extend a table or index by a page (PostgreSQL's extension lock). */
  extendWaitShare: number;
  /** The machine's cores busy during the run (/proc/stat; with PostgreSQL on this machine). */
  coresBusy: number;
}

/** Busy and total CPU time of the whole machine so far, in clock ticks (Linux). */
function cpuTicks(): { busy: number; total: number } {
  const [cpuLine = ''] = readFileSync('/proc/stat', 'utf8').split('\n');
  const fields = cpuLine.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, ticks) => sum + ticks, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0); // idle and iowait
  return { busy: total - idle, total };
}

/**
 * Samples the writers' connections (application_name `writer`) until `done`: the shares
 * of them waiting for another write's row, and waiting to extend a file.
 */
async function sampleLockWaits(databaseUrl: string, done: () => boolean) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const counts = { seen: 0, row: 0, extend: 0 };
  try {
    while (!done()) {
      const { rows } = await client.query<typeof counts>(
        `SELECT count(*)::int AS seen,
                (count(*) FILTER (WHERE wait_event IN ('tuple', 'transactionid')))::int AS row,
                (count(*) FILTER (WHERE wait_event = 'extend'))::int AS extend
           FROM pg_stat_activity
          WHERE application_name = 'writer' AND state = 'active'`,
      );
      for (const key of ['seen', 'row', 'extend'] as const) counts[key] += rows[0]?.[key] ?? 0;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    await client.end();
  }
  const share = (n: number) => (counts.seen === 0 ? 0 : n / counts.seen);
  return { rowWaitShare: share(counts.row), extendWaitShare: share(counts.extend) };
}

export async function profileWrites(
  databaseUrl: string,
  connections: number,
  seconds: number,
): Promise<WriteFigures> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: connections,
    application_name: 'writer',
  });
  try {
    const { rows } = await pool.query<{ id: number }>(
      'SELECT id FROM service_providers WHERE is_approved ORDER BY id LIMIT 50',
    );
    if (rows.length < 50) throw new Error('The bench needs 50 approved providers');
    let round = 0;
    const write = (caller: number) => {
      const id = rows[(caller + round++ * connections) % rows.length]?.id;
      return pool.query(
        `UPDATE service_providers
            SET starting_price = 1000 + (starting_price + 1) % 5000,
                description = left(description, 400) || ' ' || $2
          WHERE id = $1`,
        [id, `visit ${round % 7}`],
      );
    };
    const latencies: number[] = [];
    let failed = 0;
    const run = async (until: number, record: boolean) => {
      await Promise.all(
        Array.from({ length: connections }, async (_, caller) => {
          while (performance.now() < until) {
            const started = performance.now();
            try {
              await write(caller);
              if (record) latencies.push(performance.now() - started);
            } catch (error) {
              if ((error as { code?: string }).code !== '40P01') throw error;
              if (record) failed++;
            }
          }
        }),
      );
    };
    await run(performance.now() + 1000, false);
    const started = performance.now();
    const ticks = cpuTicks();
    let running = true;
    const [waits] = await Promise.all([
      sampleLockWaits(databaseUrl, () => !running),
      run(started + seconds * 1000, true).finally(() => (running = false)),
    ]);
    const elapsed = (performance.now() - started) / 1000;
    const after = cpuTicks();
    const coresBusy = ((after.busy - ticks.busy) / (after.total - ticks.total)) * cpuCount();
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.floor(q * (latencies.length - 1))] ?? NaN;
    return {
      connections,
      perSecond: latencies.length / elapsed,
      failed,
      p50: at(0.5),
      p95: at(0.95),
      ...waits,
      coresBusy,
    };
  } finally {
    await pool.end();
  }
}

/**
 * The search's storage: the tables and indexes whose name starts with search_ or that
 * serve the search on service_providers (its places' and words' GIN index), in MB.
 */
export async function searchStorage(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; mb: string }>(
      `SELECT c.relname AS name, round(pg_total_relation_size(c.oid) / 1048576.0, 1)::text AS mb
         FROM pg_class c
        WHERE c.relnamespace = 'public'::regnamespace
          AND (c.relname LIKE 'search\\_%' OR c.relname = 'service_providers_area_search_idx')
          AND c.relkind IN ('r', 'i')
        ORDER BY 1`,
    );
    return [
      '| search storage | MB |',
      '| --- | ---: |',
      ...rows.map((row) => `| ${row.name} | ${row.mb} |`),
    ].join('\n');
  } finally {
    await client.end();
  }
}

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

export function writesTable(results: WriteFigures[]): string {
  const one = results.find((r) => r.connections === 1)?.perSecond ?? NaN;
  return [
    '| profile writes | connections | writes/s | deadlocked | p50 / p95 ms | × one connection | waiting for a row / to extend a file | cores busy |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...results.map(
      (r) =>
        `| 50 providers | ${r.connections} | ${Math.round(r.perSecond)} | ${r.failed} | ${r.p50.toFixed(2)} / ${r.p95.toFixed(2)} | ${(r.perSecond / one).toFixed(2)} | ${percent(r.rowWaitShare)} / ${percent(r.extendWaitShare)} | ${r.coresBusy.toFixed(2)} of ${cpuCount()} |`,
    ),
  ].join('\n');
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { database: { type: 'string' }, seconds: { type: 'string', default: '5' } },
  });
  if (!values.database) throw new Error('--database postgres://... is required');
  const results = [];
  for (const connections of [1, 50])
    results.push(await profileWrites(values.database, connections, Number(values.seconds)));
  console.log(writesTable(results));
  console.log(`\n${await searchStorage(values.database)}`);
}
