/**
 * A throwaway PostgreSQL cluster on its own port, for tests that stop and start the
 * database under a running server. The shared server on 5432 is never touched.
 * PostgreSQL refuses to run as root, so as root its tools run as the `postgres` user.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export interface PostgresCluster {
  port: number;
  /** A database on the cluster, as the trusted superuser. */
  url(database?: string): string;
  /** Starts the server unless it runs; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Fast shutdown: open connections are told `57P01 admin_shutdown` and closed. */
  stop(): Promise<void>;
  /** Runs one statement on the `postgres` database with a connection of its own. */
  query<Row extends pg.QueryResultRow = pg.QueryResultRow>(
    statement: string,
    values?: unknown[],
  ): Promise<Row[]>;
  remove(): Promise<void>;
}

function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(path.join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) throw new Error(`No PostgreSQL server binaries under ${root}`);
  return path.join(root, versions[0], 'bin');
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function createPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBin();
  const asRoot = process.getuid?.() === 0;
  const tool = (name: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, name), ...args])
      : run(path.join(bin, name), args);

  const dir = mkdtempSync(path.join(os.tmpdir(), 'vp-resilience-'));
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(group.trim()));
  }
  const data = path.join(dir, 'data');
  await tool('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  let running = false;

  const cluster: PostgresCluster = {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      if (running) return;
      // -w waits until the server accepts connections.
      await tool('pg_ctl', [
        '-D',
        data,
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
        '-l',
        path.join(dir, 'server.log'),
        '-w',
        'start',
      ]);
      running = true;
    },
    async stop() {
      if (!running) return;
      await tool('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    async query<Row extends pg.QueryResultRow>(statement: string, values: unknown[] = []) {
      const client = new pg.Client({ connectionString: cluster.url() });
      await client.connect();
      try {
        return (await client.query<Row>(statement, values)).rows;
      } finally {
        await client.end();
      }
    },
    async remove() {
      await cluster.stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
