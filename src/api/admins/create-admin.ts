import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { adminUsers } from '../../../db/schema.ts';
import { hashPassword } from '../auth/password.ts';

export interface NewAdmin {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Creates an admin unless one with that e-mail (any case) exists. Returns whether it did. */
export async function createAdmin(db: Database, admin: NewAdmin): Promise<boolean> {
  const existing = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(sql`lower(${adminUsers.email}) = lower(${admin.email})`);
  if (existing.length > 0) return false;
  const inserted = await db
    .insert(adminUsers)
    .values({
      email: admin.email.trim().toLowerCase(),
      passwordHash: await hashPassword(admin.password),
      firstName: admin.firstName,
      lastName: admin.lastName,
    })
    .onConflictDoNothing()
    .returning({ id: adminUsers.id });
  return inserted.length > 0;
}
