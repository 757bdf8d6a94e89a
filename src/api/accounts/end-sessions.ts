import type { Database } from '../../../db/client.ts';
import { nextTokenVersion, withId, type AccountKind } from './account-kind.ts';

/** Logout: ends every session of the account, as tokens carrying the old version stop working. */
export async function endSessions(
  db: Database,
  kind: AccountKind,
  accountId: number,
): Promise<void> {
  await db
    .update(kind.table)
    .set({ tokenVersion: nextTokenVersion(kind) })
    .where(withId(kind, accountId));
}
