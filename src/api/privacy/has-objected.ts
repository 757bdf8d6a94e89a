/**
 * Whether the address's mailbox objected to further processing (object-to-processing.ts
 * records it): read where mail is written and sent, apart from the objection itself, which
 * opens a case and so reaches the outbox.
 */
import { sql } from 'drizzle-orm';
import { selectRows, type Queryable } from '../../../db/client.ts';
import { mailboxHashSql } from './gather-personal-data.ts';

export async function hasObjected(db: Queryable, email: string): Promise<boolean> {
  const rows = await selectRows(
    db,
    sql`SELECT 1 FROM privacy_objections WHERE mailbox_hash = ${mailboxHashSql(email)}`,
  );
  return rows.length > 0;
}
