/**
 * A person objects to further processing (POPIA s11(3)): recorded by the SHA-256 of the
 * address's mailbox, so it holds after a deletion without keeping the address. It also
 * opens a case on the information officer's desk (privacy-cases.ts), which holds the address.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { privacyObjections } from '../../../db/schema.ts';
import { mailboxHashSql } from './gather-personal-data.ts';
import { openPrivacyCase } from './privacy-cases.ts';

export const OBJECTION_CASE_MESSAGE =
  'Objected to further processing of my personal information, in the privacy centre.';

export async function objectToProcessing(db: Database, email: string): Promise<void> {
  await db.transaction(async (tx) => {
    const recorded = await tx
      .insert(privacyObjections)
      .values({ mailboxHash: sql`${mailboxHashSql(email)}` })
      .onConflictDoNothing()
      .returning({ at: privacyObjections.objectedAt });
    // The first objection is a case for the information officer, who confirms it in writing.
    if (recorded.length > 0) {
      await openPrivacyCase(tx, { kind: 'objection', email, message: OBJECTION_CASE_MESSAGE });
    }
  });
}
