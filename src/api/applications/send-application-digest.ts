/**
 * The admins hear of new applications once an hour, in one mail each, not one mail per
 * application (docs/decisions/0046): a form anyone can send must not be able to fill the
 * admins' mailboxes. An application is counted once its applicant confirmed the address.
 */
import { and, count, eq, isNotNull, isNull, lt, max, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { adminUsers, providerApplications as a } from '../../../db/schema.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { applicationDigestMessage } from '../mail/messages.ts';

/**
 * Writes the digest of the applications confirmed before the current hour that no digest
 * has counted yet, to every active admin; nothing when there are none, and nothing when a
 * digest went out this hour already (an application confirmed meanwhile waits for the
 * next hour). Exactly once however many instances run it at once: a transaction-scoped
 * advisory lock takes the runs one at a time, the applications are claimed (digested_at)
 * in the transaction that writes the mails, and each mail's once-key holds the hour and
 * the admin. `now` is the clock (the database's unless a test gives one). Answers how
 * many applications the digest counted.
 */
export async function sendApplicationDigest(
  db: Database,
  { now, siteUrl }: { now?: Date | undefined; siteUrl: string },
): Promise<number> {
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  // Hours in UTC, so the digest's rhythm does not hang on the session's time zone.
  const hourStart = sql`date_trunc('hour', ${at}, 'UTC')`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('application-digest'))`);
    const [last] = await tx
      .select({
        thisHour: sql<boolean>`coalesce(${max(a.digestedAt)} >= ${hourStart}, false)`,
        hourKey: sql<string>`to_char(${hourStart} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24"Z"')`,
      })
      .from(a);
    if (!last || last.thisHour) return 0;
    const claimed = await tx
      .update(a)
      .set({ digestedAt: sql`${at}` })
      .where(
        and(isNull(a.digestedAt), isNotNull(a.emailConfirmedAt), lt(a.emailConfirmedAt, hourStart)),
      )
      .returning({ id: a.id });
    if (claimed.length === 0) return 0;
    const [pending] = await tx
      .select({ waiting: count() })
      .from(a)
      .where(and(eq(a.status, 'pending'), isNotNull(a.emailConfirmedAt)));
    const admins = await tx
      .select({ id: adminUsers.id, email: adminUsers.email })
      .from(adminUsers)
      .where(eq(adminUsers.isActive, true));
    for (const admin of admins) {
      await enqueueMail(
        tx,
        applicationDigestMessage(admin.email, {
          newApplications: claimed.length,
          waiting: pending?.waiting ?? 0,
          adminUrl: new URL('/admin', siteUrl).href,
        }),
        { onceKey: `application-digest:${last.hourKey}:${admin.id}` },
      );
    }
    return claimed.length;
  });
}
