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
}

export async function profileWrites(
  databaseUrl: string,
  connections: number,
  seconds: number,
): Promise<WriteFigures> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
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
    await run(started + seconds * 1000, true);
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.floor(q * (latencies.length - 1))] ?? NaN;
    return {
      connections,
      perSecond: latencies.length / elapsed,
      failed,
      p50: at(0.5),
      p95: at(0.95),
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

export function writesTable(results: WriteFigures[]): string {
  const one = results.find((r) => r.connections === 1)?.perSecond ?? NaN;
  return [
    '| profile writes | connections | writes/s | deadlocked | p50 / p95 ms | × one connection |',
    '| --- | --- | --- | --- | --- | --- |',
    ...results.map(
      (r) =>
        `| 50 providers | ${r.connections} | ${Math.round(r.perSecond)} | ${r.failed} | ${r.p50.toFixed(2)} / ${r.p95.toFixed(2)} | ${(r.perSecond / one).toFixed(2)} |`,
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
