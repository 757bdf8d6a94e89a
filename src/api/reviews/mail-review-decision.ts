import { eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { customerEnquiries, serviceProviders } from '../../../db/schema.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { reviewHiddenMessage, reviewShownMessage } from '../mail/messages.ts';

/** What the customer can see of a review's standing: held, hidden (and why), or shown. */
export interface ReviewStanding {
  heldAt: Date | null;
  hiddenAt: Date | null;
  hiddenReason: string | null;
}

const shown = (review: ReviewStanding) => review.heldAt === null && review.hiddenAt === null;

/**
 * Tells the customer an admin's decision on their review, in the transaction of the
 * decision (DESIGN.md, side effects): now shown (released, or shown again), or hidden
 * with the reason. A decision that changes nothing the customer was told (a second
 * release, a show of a shown review) mails nothing. Only a confirmed address of the
 * review's request is mailed; a review without one (sample data, a deleted request)
 * mails no one. One topic a review: a decision cancels the mail of an earlier one
 * that has not gone out yet, so the customer reads the one that stands.
 */
export async function mailReviewDecision(
  db: Queryable,
  review: { id: number; providerId: number; enquiryId: number | null },
  { before, after }: { before: ReviewStanding; after: ReviewStanding },
  siteUrl: string,
): Promise<void> {
  const nowShown = shown(after) && !shown(before);
  const nowHidden =
    after.hiddenAt !== null &&
    (before.hiddenAt === null || before.hiddenReason !== after.hiddenReason);
  if ((!nowShown && !nowHidden) || review.enquiryId === null) return;
  const [customer] = await db
    .select({
      customerName: customerEnquiries.customerName,
      customerEmail: customerEnquiries.customerEmail,
      emailConfirmedAt: customerEnquiries.emailConfirmedAt,
      providerName: serviceProviders.name,
    })
    .from(customerEnquiries)
    .innerJoin(serviceProviders, eq(serviceProviders.id, review.providerId))
    .where(eq(customerEnquiries.id, review.enquiryId));
  if (!customer?.emailConfirmedAt) return;
  const message = nowShown
    ? reviewShownMessage(customer, `${siteUrl}/provider/${review.providerId}`)
    : reviewHiddenMessage(customer, {
        reason: after.hiddenReason ?? '',
        contactUrl: `${siteUrl}/contact`,
      });
  await enqueueMail(db, message, { topic: `review-decision:${review.id}` });
}
