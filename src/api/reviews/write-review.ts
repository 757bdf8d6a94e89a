/**
 * Verified reviews: written once per completed enquiry through its e-mailed link. Reviews
 * only from real customers: a review whose request came from the provider's own network
 * or session is held for moderation: not shown and not counted until an
 * admin releases it.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Queryable } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { providerSignIns, reviews as r, serviceProviders } from '../../../db/schema.ts';
import type { ReviewSchema } from '../../lib/schemas/reviews.ts';
import { AppError } from '../errors.ts';
import { mailboxOf } from '../mail/mailbox.ts';
import { recomputeRating } from './recompute-rating.ts';
import { invitationOf, REVIEW_WRITTEN } from './review-invitation.ts';

/** Who is writing a review: the client's address, and a provider signed in there. */
export interface Reviewer {
  reviewerAddress: string;
  reviewerProviderId: number | undefined;
}

/** Sign-ins older than this no longer tie an address to a provider. */
const SIGN_IN_DAYS = 90;

/**
 * Why a review waits for moderation (plain words for the admins), or null when nothing
 * ties it to a provider: the request or the review came from a browser signed in as a
 * provider, or from an address the reviewed provider signed in from in the last 90
 * days, or the customer's address is a provider's account.
 */
async function holdReason(
  db: Queryable,
  invitation: {
    providerId: number;
    customerEmail: string;
    clientAddress: string | null;
    senderProviderId: number | null;
  },
  { reviewerAddress, reviewerProviderId }: Reviewer,
): Promise<string | null> {
  const reasons: string[] = [];
  const own = (id: number) => id === invitation.providerId;
  if (invitation.senderProviderId !== null) {
    reasons.push(
      own(invitation.senderProviderId)
        ? 'The request was sent from a browser signed in as this provider.'
        : 'The request was sent from a browser signed in as another provider.',
    );
  }
  if (reviewerProviderId !== undefined) {
    reasons.push(
      own(reviewerProviderId)
        ? 'The review was written in a browser signed in as this provider.'
        : 'The review was written in a browser signed in as another provider.',
    );
  }
  // 'unknown' is what clientAddress() answers when the host cannot tell: it ties nothing.
  const addresses = [invitation.clientAddress, reviewerAddress].filter(
    (address): address is string => Boolean(address) && address !== 'unknown',
  );
  const signedInFrom = new Set(
    addresses.length === 0
      ? []
      : (
          await db
            .select({ address: providerSignIns.address })
            .from(providerSignIns)
            .where(
              and(
                eq(providerSignIns.providerId, invitation.providerId),
                inArray(providerSignIns.address, addresses),
                gt(providerSignIns.lastSeenAt, sql`now() - make_interval(days => ${SIGN_IN_DAYS})`),
              ),
            )
        ).map((row) => row.address),
  );
  if (invitation.clientAddress !== null && signedInFrom.has(invitation.clientAddress)) {
    reasons.push('The request came from an address this provider signed in from.');
  }
  if (signedInFrom.has(reviewerAddress)) {
    reasons.push('The review was written from an address this provider signed in from.');
  }
  const [providerAccount] = await db
    .select({ id: serviceProviders.id })
    .from(serviceProviders)
    .where(sql`${mailboxOf(serviceProviders.email)} = ${mailboxOf(invitation.customerEmail)}`)
    .limit(1);
  if (providerAccount) {
    reasons.push('The customer’s e-mail address belongs to a provider account.');
  }
  return reasons.length > 0 ? reasons.join(' ') : null;
}

/**
 * Writes the review of a link. A review tied to a provider (holdReason) is stored held:
 * the reviewer sees the usual thanks, and the rating stays as it was.
 */
export async function writeReview(
  db: Database,
  secret: Uint8Array,
  input: z.output<typeof ReviewSchema>,
  reviewer: Reviewer,
): Promise<{ id: number; providerId: number }> {
  try {
    return await db.transaction(async (tx) => {
      const invitation = await invitationOf(tx, secret, input.token);
      if (input.providerId !== undefined && input.providerId !== invitation.providerId) {
        throw new AppError('bad_request', 'This link is for a review of another provider.', {
          providerId: 'This link is for a review of another provider.',
        });
      }
      const heldReason = await holdReason(tx, invitation, reviewer);
      const [row] = await tx
        .insert(r)
        .values({
          providerId: invitation.providerId,
          enquiryId: invitation.id,
          customerName: invitation.customerName,
          serviceType: invitation.serviceType,
          rating: input.rating,
          comment: input.comment,
          ...(heldReason !== null && { heldAt: sql`now()`, heldReason }),
        })
        .returning({ id: r.id });
      if (!row) throw new Error('The review was not stored');
      await recomputeRating(tx, invitation.providerId);
      return { id: row.id, providerId: invitation.providerId };
    });
  } catch (error) {
    // Two sends of one link at once: the unique enquiry id lets only one through.
    if (isUniqueViolation(error, 'reviews_enquiry_id_key')) {
      throw new AppError('conflict', REVIEW_WRITTEN);
    }
    throw error;
  }
}
