/**
 * A person objects to further processing (POPIA s11(3)): recorded by the SHA-256 of the
 * address's mailbox, so it holds after a deletion without keeping the address.
 */
import { sql } from 'drizzle-orm';
import { selectRows, type Queryable } from '../../../db/client.ts';
import { privacyObjections } from '../../../db/schema.ts';
import { mailboxHashSql } from './gather-personal-data.ts';

export async function objectToProcessing(db: Queryable, email: string): Promise<void> {
  await db
    .insert(privacyObjections)
    .values({ mailboxHash: sql`${mailboxHashSql(email)}` })
    .onConflictDoNothing();
}

export async function hasObjected(db: Queryable, email: string): Promise<boolean> {
  const rows = await selectRows(
    db,
    sql`SELECT 1 FROM privacy_objections WHERE mailbox_hash = ${mailboxHashSql(email)}`,
  );
  return rows.length > 0;
}
