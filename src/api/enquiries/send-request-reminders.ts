import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  customerEnquiries as e,
  enquiryAssignments as a,
  serviceProviders as p,
} from '../../../db/schema.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { requestReminderMessage } from '../mail/messages.ts';
import { groupReference } from '../requests/request-group.ts';
import { instant, NOT_SEEN_MINUTES, WAITING_STATUSES } from './request-follow-up.ts';

/**
 * A request assigned longer ago than this gets no reminder: the schedule catches up on
 * a few missed days, but the first run after the follow-up arrived (or after a long stop)
 * does not mail providers about requests long gone cold.
 */
export const REMINDER_LOOKBACK_DAYS = 14;

/**
 * Mails a provider once when a request it has has waited NOT_SEEN_MINUTES business
 * minutes (its own hours) for a first answer. The request is claimed
 * by setting reminded_at where it is still unset, in the transaction that writes the
 * mail, so two runs, even at once, write one mail; a reassignment clears reminded_at
 * (trigger) and the new provider gets a reminder of its own (the key holds the
 * assignment). `now` is the clock the business minutes are counted to. Answers how many
 * reminders were written.
 */
export async function sendRequestReminders(
  db: Database,
  { now, siteUrl }: { now?: Date | undefined; siteUrl: string },
): Promise<number> {
  const at = instant(now);
  return db.transaction(async (tx) => {
    const due = await tx
      .update(e)
      .set({ remindedAt: sql`now()` })
      .from(a)
      .innerJoin(p, eq(p.id, a.providerId))
      .where(
        and(
          eq(a.enquiryId, e.id),
          eq(a.providerId, e.assignedProviderId),
          isNull(a.endedAt),
          isNull(a.firstResponseAt),
          isNull(e.remindedAt),
          inArray(e.status, [...WAITING_STATUSES]),
          sql`${a.assignedAt} > ${at} - make_interval(days => ${REMINDER_LOOKBACK_DAYS}::integer)`,
          // Business minutes never run faster than the clock: the cheap bound first.
          sql`${a.assignedAt} <= ${at} - make_interval(mins => ${NOT_SEEN_MINUTES}::integer)`,
          sql`business_minutes(${p.businessHours}, ${a.assignedAt}, ${at}) >= ${NOT_SEEN_MINUTES}::integer`,
        ),
      )
      .returning({
        id: e.id,
        groupId: e.groupId,
        createdAt: e.createdAt,
        customerName: e.customerName,
        serviceType: e.serviceType,
        location: e.location,
        description: e.description,
        budget: e.budget,
        urgency: e.urgency,
        assignmentId: a.id,
        providerName: p.name,
        providerEmail: p.email,
      });
    for (const request of due) {
      await enqueueMail(
        tx,
        requestReminderMessage(
          { name: request.providerName, email: request.providerEmail },
          request,
          {
            reference: groupReference(request),
            dashboardUrl: new URL(`/dashboard?enquiry=${request.id}`, siteUrl).href,
          },
        ),
        { onceKey: `request-reminder:${request.id}:${request.assignmentId}` },
      );
    }
    return due.length;
  });
}
