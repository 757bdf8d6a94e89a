/**
 * A browser test cannot wait four business hours, and the e2e servers' embedded
 * databases live inside their processes, where no test can reach them. So each server
 * process started by serve-fresh.ts opens this door, on loopback only and only there:
 * a test sends it one SQL statement with $1, $2 ... parameters, as the API tests write
 * rows' timestamps directly (e.g. to place a request's assignment a day back), and gets
 * the rows back. Never part of the product's hosts.
 */
import { createServer, type Server } from 'node:http';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { E2E_SERVERS, type ServerName } from './servers.ts';

interface Statement {
  text: string;
  params?: unknown[];
}

/** The statement with its parameters bound (never spliced into the text). */
function bound({ text, params = [] }: Statement) {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`)),
    sql.raw(''),
  );
}

/** Opens the door of a server process (serve-fresh.ts): POST / with a Statement as JSON. */
export function openDatabaseDoor(db: Database, port: number): Promise<Server> {
  const door = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        try {
          const statement = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Statement;
          const result: unknown = await db.execute(bound(statement));
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ rows: (result as { rows?: unknown[] }).rows ?? [] }));
        } catch (error) {
          response.writeHead(500, { 'content-type': 'text/plain' });
          response.end(error instanceof Error ? error.message : String(error));
        }
      })();
    });
  });
  return new Promise((resolve, reject) => {
    door.once('error', reject);
    door.listen(port, '127.0.0.1', () => resolve(door));
  });
}

/** Runs one statement on the database of a test's server; answers its rows. */
export async function runSql<T = Record<string, unknown>>(
  server: ServerName,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const response = await fetch(`http://127.0.0.1:${E2E_SERVERS[server].doorPort}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text, params }),
  });
  if (!response.ok) throw new Error(`The database door answered: ${await response.text()}`);
  return ((await response.json()) as { rows: T[] }).rows;
}
