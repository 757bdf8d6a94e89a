/**
 * Verified reviews: written once per completed enquiry through its e-mailed link. Reviews
 * only from real customers: a review that something ties to the provider (hold-reasons.ts)
 * is held for moderation: not shown and not counted until an admin releases it. The customer is told so at once, and mailed the decision
 * (mail-review-decision.ts).
 */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { reviews as r } from '../../../db/schema.ts';
import type { ReviewSchema } from '../../lib/schemas/reviews.ts';
import { AppError } from '../errors.ts';
import { holdReasons, type Reviewer } from './hold-reasons.ts';
import { recomputeRating } from './recompute-rating.ts';
import { invitationOf, REVIEW_WRITTEN } from './review-invitation.ts';

/** What the customer is told of a review just written: shown now, or held and why. */
export interface WrittenReview {
  id: number;
  providerId: number;
  /** Held for a check: not shown and not counted until an admin decides. */
  held: boolean;
  /** Why it is held, one plain sentence a reason; empty when it is shown. */
  heldBecause: string[];
}

/**
 * Writes the review of a link. A review tied to a provider (holdReasons) is stored held,
 * and the rating stays as it was; the answer says so, with the reasons in the customer's
 * words (docs/decisions/0038-held-reviews-told-truly.md).
 */
export async function writeReview(
  db: Database,
  secret: Uint8Array,
  input: z.output<typeof ReviewSchema>,
  reviewer: Reviewer,
): Promise<WrittenReview> {
  try {
    return await db.transaction(async (tx) => {
      const invitation = await invitationOf(tx, secret, input.token);
      if (input.providerId !== undefined && input.providerId !== invitation.providerId) {
        throw new AppError('bad_request', 'This link is for a review of another provider.', {
          providerId: 'This link is for a review of another provider.',
        });
      }
      const reasons = await holdReasons(tx, invitation, reviewer);
      const heldReason =
        reasons.length > 0 ? reasons.map((reason) => reason.forAdmins).join(' ') : null;
      const [row] = await tx
        .insert(r)
        .values({
          providerId: invitation.providerId,
          enquiryId: invitation.id,
          customerName: invitation.customerName,
          serviceType: invitation.serviceType,
          rating: input.rating,
          comment: input.comment,
          clientAddress: reviewer.reviewerAddress,
          ...(heldReason !== null && { heldAt: sql`now()`, heldReason }),
        })
        .returning({ id: r.id });
      if (!row) throw new Error('The review was not stored');
      await recomputeRating(tx, invitation.providerId);
      return {
        id: row.id,
        providerId: invitation.providerId,
        held: heldReason !== null,
        heldBecause: reasons.map((reason) => reason.forCustomer),
      };
    });
  } catch (error) {
    // Two sends of one link at once: the unique enquiry id lets only one through.
    if (isUniqueViolation(error, 'reviews_enquiry_id_key')) {
      throw new AppError('conflict', REVIEW_WRITTEN);
    }
    throw error;
  }
}
