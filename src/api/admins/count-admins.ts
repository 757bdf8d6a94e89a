import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { adminUsers } from '../../../db/schema.ts';

/** How many admin users there are (the Node host creates a development admin when none). */
export async function countAdmins(db: Database): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(adminUsers);
  return row?.count ?? 0;
}
