import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { providerChecks as c, serviceProviders as p } from '../../../db/schema.ts';
import { checkDefinition } from '../../lib/catalog/checks.ts';
import { addDays, daysBetween, formatDay, saToday } from '../../lib/calendar-days.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { checkReminderMessage, type CheckReminderKind } from '../mail/messages.ts';

/** Reminders look this far ahead, and back for a lapse a stopped schedule missed. */
const AHEAD_DAYS = 30;
const LAPSED_WITHIN_DAYS = 7;

/** Which reminder is due for a check with `daysLeft` valid days after today. */
function reminderKind(daysLeft: number): CheckReminderKind {
  if (daysLeft < 0) return 'lapsed';
  return daysLeft < 7 ? '7 days' : '30 days';
}

/**
 * Mails a listed provider 30 and 7 days before a required check stops counting, and on
 * the day its badge lapses for it. Each reminder is written once, ever (its key holds the
 * check's last valid day, so a renewal starts a new round), in the outbox, which delivers
 * and retries. Safe to run any number of times, at once too.
 */
export async function sendCheckReminders(
  db: Database,
  { now = new Date() }: { now?: Date | undefined } = {},
): Promise<number> {
  const today = saToday(now);
  const due = await db
    .select({
      providerId: p.id,
      name: p.name,
      email: p.email,
      type: c.checkType,
      validUntil: sql<string>`${c.validUntil}::text`,
    })
    .from(c)
    .innerJoin(p, eq(p.id, c.providerId))
    .where(
      and(
        eq(c.status, 'passed'),
        eq(p.isApproved, true),
        sql`${c.validUntil} BETWEEN ${addDays(today, -LAPSED_WITHIN_DAYS)}::date AND ${addDays(today, AHEAD_DAYS)}::date`,
        sql`${c.checkType} = ANY (required_check_types(${p.services}, ${p.legalForm}))`,
      ),
    );
  for (const check of due) {
    const kind = reminderKind(daysBetween(today, check.validUntil));
    await enqueueMail(
      db,
      checkReminderMessage(check.email, {
        providerName: check.name,
        checkLabel: checkDefinition(check.type).label,
        validUntil: formatDay(check.validUntil),
        kind,
      }),
      { onceKey: `check-reminder:${check.providerId}:${check.type}:${check.validUntil}:${kind}` },
    );
  }
  return due.length;
}
