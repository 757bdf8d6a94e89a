import { and, eq, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { customerEnquiries as e } from '../../../db/schema.ts';
import { AppError } from '../errors.ts';
import { groupOfCopy } from '../requests/request-group.ts';
import { inviteReview } from '../reviews/invite-review.ts';
import { confirmationLinks, enquiryOfToken } from './enquiry-links.ts';

export const EMAIL_CONFIRMED = 'Thank you: your e-mail address is confirmed.';

/** What a confirmation needs besides the request: the links' secret, the site, the network. */
export interface Confirming {
  secret: Uint8Array;
  siteUrl: string;
  from: string;
}

/**
 * POST /api/enquiries/confirm: marks the enquiry's e-mail confirmed (the first time
 * only; a second use of the link answers the same). A request completed before its
 * customer confirmed now gets its review link.
 */
export async function confirmEnquiryEmail(
  db: Database,
  { token, ...confirming }: { token: string } & Confirming,
): Promise<{ message: string }> {
  const enquiryId = await enquiryOfToken(confirming.secret, confirmationLinks, token);
  await confirmCustomerEmail(db, enquiryId, confirming);
  return { message: EMAIL_CONFIRMED };
}

/**
 * Marks the request's e-mail confirmed (the first time only), with every copy of its
 * request group (docs/decisions/0050: however long ago it was sent, and whichever copy's
 * link was opened, so a quote or message on any provider's copy reaches the customer) and
 * the customer's other open requests of the last 30 days; a request completed before its
 * customer confirmed now gets its review link. Opening the status page from the mail does
 * the same. `from` is the network it was confirmed from (clientNetwork), kept to hold
 * reviews a provider wrote for itself (src/api/reviews/hold-reasons.ts).
 */
export async function confirmCustomerEmail(
  db: Database,
  enquiryId: number,
  { secret, siteUrl, from }: Confirming,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ confirmedAt: e.emailConfirmedAt, email: e.customerEmail, group: groupOfCopy })
      .from(e)
      .where(eq(e.id, enquiryId))
      .for('update');
    if (!current) throw new AppError('not_found', 'This request no longer exists.');
    const sameGroup = eq(groupOfCopy, current.group);
    // The address is the customer's: their other open requests of the last 30 days are
    // confirmed with it the first time (the cap on confirmation mails may have left some
    // unmailed); a later use of a link confirms only what of its own group is not yet.
    const otherRequests = and(
      sql`lower(${e.customerEmail}) = lower(${current.email})`,
      sql`${e.createdAt} > now() - interval '30 days'`,
      notInArray(e.status, ['cancelled']),
    );
    const confirmed = await tx
      .update(e)
      .set({ emailConfirmedAt: sql`now()`, confirmedFrom: from })
      .where(
        and(
          isNull(e.emailConfirmedAt),
          current.confirmedAt ? sameGroup : or(sameGroup, otherRequests),
        ),
      )
      .returning({ id: e.id, status: e.status });
    for (const enquiry of confirmed) {
      if (enquiry.status === 'completed') {
        await inviteReview(tx, { enquiryId: enquiry.id, secret, siteUrl });
      }
    }
  });
}
