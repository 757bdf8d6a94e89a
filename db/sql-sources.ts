/**
 * The database's own code as source files (db/sql/*.sql): each SQL function, trigger and
 * view the product keeps has its current text there, and migrate applies a file again
 * whenever its text changed since it was last applied, as Flyway's repeatable migrations
 * do. The hash of each applied file is kept in drizzle.sql_sources, beside drizzle's own
 * record of the migrations (docs/architecture.md).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { selectRows, type Database } from './client.ts';

export const SQL_SOURCES_FOLDER = fileURLToPath(new URL('./sql', import.meta.url));

/**
 * The file of the functions that column definitions and checks are written with: applied
 * before the migrations, so that a migration (the baseline first) can create those columns.
 */
export const COLUMN_FUNCTIONS = 'columns.sql';

export interface SqlSource {
  name: string;
  text: string;
  hash: string;
}

/** The files of db/sql/ (or `folder`), in name order. */
export function readSqlSources(folder = SQL_SOURCES_FOLDER): SqlSource[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => {
      const text = readFileSync(path.join(folder, name), 'utf8');
      return { name, text, hash: createHash('sha256').update(text).digest('hex') };
    });
}

/**
 * Applies the sources whose text changed since they were last applied (or that never
 * were), in one transaction, and records their hashes. A transaction-scoped advisory lock
 * keeps two instances starting at once (a deploy's build and a server) from applying the
 * same files twice. Returns the names of the files applied.
 */
export async function applySqlSources(db: Database, sources: SqlSource[]): Promise<string[]> {
  await db.execute(sql`CREATE SCHEMA IF NOT EXISTS drizzle`);
  await db.execute(sql`CREATE TABLE IF NOT EXISTS drizzle.sql_sources (
    name text PRIMARY KEY,
    hash text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('db/sql'))`);
    const applied = new Map(
      (
        await selectRows<{ name: string; hash: string }>(
          tx,
          sql`SELECT name, hash FROM drizzle.sql_sources`,
        )
      ).map((row) => [row.name, row.hash]),
    );
    const changed = sources.filter((source) => applied.get(source.name) !== source.hash);
    for (const source of changed) {
      for (const statement of sqlStatements(source.text)) await tx.execute(sql.raw(statement));
      await tx.execute(sql`INSERT INTO drizzle.sql_sources (name, hash) VALUES (${source.name}, ${source.hash})
        ON CONFLICT (name) DO UPDATE SET hash = excluded.hash, applied_at = now()`);
    }
    return changed.map((source) => source.name);
  });
}

/**
 * The statements of a SQL text, split at the semicolons that end them: not those inside
 * quotes ('...', "..."), dollar-quoted bodies ($$...$$, $fn$...$fn$) or comments. One at
 * a time, because PGlite's extended protocol takes one statement per query.
 */
export function sqlStatements(text: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const closing = (end: string) => {
      const at = text.indexOf(end, i + 1);
      return at === -1 ? text.length : at + end.length;
    };
    if (rest.startsWith('--')) i = closing('\n');
    else if (rest.startsWith('/*')) i = closing('*/');
    else if (text[i] === "'" || text[i] === '"') i = closing(text[i] ?? '');
    else {
      const dollar = /^\$[A-Za-z_]*\$/.exec(rest)?.[0];
      if (dollar) {
        const end = text.indexOf(dollar, i + dollar.length);
        i = end === -1 ? text.length : end + dollar.length;
      } else if (text[i] === ';') {
        statements.push(text.slice(start, i + 1));
        start = ++i;
      } else i++;
    }
  }
  statements.push(text.slice(start));
  return statements.filter((statement) => withoutComments(statement).trim() !== '');
}

const withoutComments = (statement: string) =>
  statement.replace(/--[^\n]*/g, '').replace(/\/\*[\s\S]*?\*\//g, '');
