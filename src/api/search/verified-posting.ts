import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';

/**
 * Moves the 'v:' posting's day on to today (db/migrations/0022_search_postings.sql): a
 * search takes out of it, at read time, the providers whose checks lapsed since its day,
 * so a daily move keeps that correction small. Nothing when the day is today already.
 */
export async function moveVerifiedPostingOn(db: Database): Promise<void> {
  await db.execute(sql`SELECT search_postings_refresh_verified()`);
}
