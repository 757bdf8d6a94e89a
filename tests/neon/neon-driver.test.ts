/**
 * The Neon serverless driver (Pool over WebSocket), proven against the local PostgreSQL
 * server through a small WebSocket-to-TCP proxy: migrations, seed and the API all run
 * through it. Only in the 'neon' project, which exists when TEST_DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  openDatabase,
  PLANNER_SETTINGS,
  selectRows,
  type DatabaseHandle,
} from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { seedDatabase } from '../../db/seed/seed.ts';
import { createApp } from '../../src/api/app.ts';
import { parseEnv } from '../../src/api/env.ts';
import {
  startNeonWebSocketProxy,
  useNeonWebSocketProxy,
  type NeonWebSocketProxy,
} from '../helpers/neon-websocket-proxy.ts';

const serverUrl = process.env.TEST_DATABASE_URL ?? '';
const name = `vp_neon_${randomBytes(4).toString('hex')}`;
let proxy: NeonWebSocketProxy;
let handle: DatabaseHandle;
let http: ServerType;
let base: string;

async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

beforeAll(async () => {
  const target = new URL(serverUrl);
  proxy = await startNeonWebSocketProxy({
    host: target.hostname,
    port: Number(target.port || 5432),
  });
  useNeonWebSocketProxy(proxy.address);

  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  handle = await openDatabase({ databaseUrl: url.toString(), driver: 'neon' });
  await migrateDatabase(handle);
  await seedDatabase(handle.db);

  const app = createApp({ db: handle.db, env: parseEnv({ APP_ENV: 'test' }), logError: () => {} });
  http = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => http.close(resolve));
  await handle.close();
  await proxy.close();
  await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

it('runs the API on the Neon driver', async () => {
  expect(handle.driver).toBe('neon');
  const response = await fetch(
    `${base}/api/providers?limit=5&sort=nearest&userLat=-33.9249&userLng=18.4241`,
  );
  expect(response.status).toBe(200);
  const providers = (await response.json()) as { location: string; distanceKm: number }[];
  expect(providers).toHaveLength(5);
  expect(providers[0]!.location).toBe('Cape Town');
  expect(response.headers.get('x-total-count')).toBe('39');
});

it('reads the trigger-kept provider counts on the Neon driver', async () => {
  const stats = (await (await fetch(`${base}/api/stats`)).json()) as { totalProviders: number };
  expect(stats.totalProviders).toBe(39);
});

it('starts every connection with the planner settings of db/client.ts', async () => {
  const rows = await selectRows(handle.db, sql`SHOW random_page_cost`);
  expect(rows).toEqual([{ random_page_cost: PLANNER_SETTINGS.random_page_cost }]);
});
