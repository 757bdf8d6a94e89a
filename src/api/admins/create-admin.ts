import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { adminUsers } from '../../../db/schema.ts';
import { hashPassword } from '../auth/password.ts';

export interface NewAdmin {
  email: string;
  /** Without one the admin cannot sign in until they choose it from an invitation link. */
  password?: string | undefined;
  firstName: string;
  lastName: string;
}

/**
 * Creates an admin unless one with that e-mail (any case) exists. Answers the new admin's
 * id, or undefined when the e-mail is taken.
 */
export async function createAdmin(db: Queryable, admin: NewAdmin): Promise<number | undefined> {
  const existing = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(sql`lower(${adminUsers.email}) = lower(${admin.email})`);
  if (existing.length > 0) return undefined;
  const [inserted] = await db
    .insert(adminUsers)
    .values({
      email: admin.email.trim().toLowerCase(),
      passwordHash: admin.password === undefined ? null : await hashPassword(admin.password),
      firstName: admin.firstName,
      lastName: admin.lastName,
    })
    .onConflictDoNothing()
    .returning({ id: adminUsers.id });
  return inserted?.id;
}
