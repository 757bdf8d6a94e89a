import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { outbox, providerChecks as c, serviceProviders as p } from '../../../db/schema.ts';
import { addDays, formatDay, saToday } from '../../lib/calendar-days.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { checkReminderMessage, type CheckReminderKind } from '../mail/messages.ts';
import { checkIsRequired } from './verified-sql.ts';

/** Reminders look this far ahead, and back for a lapse a stopped schedule missed. */
const AHEAD_DAYS = 30;
const LAPSED_WITHIN_DAYS = 7;

/** Which reminder is due for a check valid until `validUntil`, on `today`. */
const reminderKind = (today: string) => sql<CheckReminderKind>`CASE
  WHEN ${c.validUntil} < ${today}::date THEN 'lapsed'
  WHEN ${c.validUntil} < ${addDays(today, 7)}::date THEN '7 days'
  ELSE '30 days' END`;

/**
 * Mails a listed provider 30 and 7 days before a required check stops counting, and on
 * the day its badge lapses for it. Each reminder is written once, ever (its key holds the
 * check's last valid day, so a renewal starts a new round), in the outbox, which delivers
 * and retries; a run reads only the reminders not yet written, so its work does not grow
 * with the catalogue (at 100,000 providers, rewriting the 5,063 checks in the window took
 * 1.5 s every 15 s). Safe to run any number of times, at once too. Answers how many
 * reminders it found to write.
 */
export async function sendCheckReminders(
  db: Database,
  { now = new Date() }: { now?: Date | undefined } = {},
): Promise<number> {
  const today = saToday(now);
  const kind = reminderKind(today);
  // The check's last valid day is in the key, so a renewal starts a new round.
  const onceKey = sql<string>`concat_ws(':', 'check-reminder', ${p.id}, ${c.checkType}, ${c.validUntil}::text, ${kind})`;
  const due = await db
    .select({
      name: p.name,
      email: p.email,
      type: c.checkType,
      validUntil: sql<string>`${c.validUntil}::text`,
      kind,
      onceKey,
    })
    .from(c)
    .innerJoin(p, eq(p.id, c.providerId))
    .where(
      and(
        eq(c.status, 'passed'),
        eq(p.isApproved, true),
        sql`${c.validUntil} BETWEEN ${addDays(today, -LAPSED_WITHIN_DAYS)}::date AND ${addDays(today, AHEAD_DAYS)}::date`,
        checkIsRequired,
        // Written already (the schedule runs every 15 s): passed over without a write.
        sql`NOT EXISTS (SELECT 1 FROM ${outbox} WHERE ${outbox.onceKey} = ${onceKey})`,
      ),
    );
  for (const check of due) {
    await enqueueMail(
      db,
      checkReminderMessage(check.email, {
        providerName: check.name,
        checkType: check.type,
        validUntil: formatDay(check.validUntil),
        kind: check.kind,
      }),
      { onceKey: check.onceKey },
    );
  }
  return due.length;
}
