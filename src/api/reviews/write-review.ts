/**
 * Verified reviews: written once per completed enquiry through its e-mailed link. Reviews
 * only from real customers: a review whose request came from the provider's own network
 * or session is held for moderation: not shown and not counted until an
 * admin releases it. The customer is told so at once, and mailed the decision
 * (mail-review-decision.ts).
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
 * One reason a review waits for a check, in two wordings: the admins' (what was seen), and
 * the customer's (plain words, told when the review is written).
 */
interface HoldReason {
  forAdmins: string;
  forCustomer: string;
}

/**
 * Why a review waits for moderation, or nothing when nothing ties it to a provider: the
 * request or the review came from a browser signed in as a provider, or from an address
 * the reviewed provider signed in from in the last 90 days, or the customer's address is
 * a provider's account.
 */
async function holdReasons(
  db: Queryable,
  invitation: {
    providerId: number;
    providerName: string;
    customerEmail: string;
    clientAddress: string | null;
    senderProviderId: number | null;
  },
  { reviewerAddress, reviewerProviderId }: Reviewer,
): Promise<HoldReason[]> {
  const reasons: HoldReason[] = [];
  const own = (id: number) => id === invitation.providerId;
  const signedInAs = (id: number) => (own(id) ? invitation.providerName : 'another provider');
  if (invitation.senderProviderId !== null) {
    reasons.push({
      forAdmins: own(invitation.senderProviderId)
        ? 'The request was sent from a browser signed in as this provider.'
        : 'The request was sent from a browser signed in as another provider.',
      forCustomer: `Your request was sent from a browser signed in as ${signedInAs(invitation.senderProviderId)}.`,
    });
  }
  if (reviewerProviderId !== undefined) {
    reasons.push({
      forAdmins: own(reviewerProviderId)
        ? 'The review was written in a browser signed in as this provider.'
        : 'The review was written in a browser signed in as another provider.',
      forCustomer: `Your review was written in a browser signed in as ${signedInAs(reviewerProviderId)}.`,
    });
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
  const sameConnection = `the same internet connection (network address) that ${invitation.providerName} signed in from`;
  if (invitation.clientAddress !== null && signedInFrom.has(invitation.clientAddress)) {
    reasons.push({
      forAdmins: 'The request came from an address this provider signed in from.',
      forCustomer: `Your request came from ${sameConnection}.`,
    });
  }
  if (signedInFrom.has(reviewerAddress)) {
    reasons.push({
      forAdmins: 'The review was written from an address this provider signed in from.',
      forCustomer: `Your review was written from ${sameConnection}.`,
    });
  }
  const [providerAccount] = await db
    .select({ id: serviceProviders.id })
    .from(serviceProviders)
    .where(sql`${mailboxOf(serviceProviders.email)} = ${mailboxOf(invitation.customerEmail)}`)
    .limit(1);
  if (providerAccount) {
    reasons.push({
      forAdmins: 'The customer’s e-mail address belongs to a provider account.',
      forCustomer: 'Your e-mail address belongs to a provider’s account on Verified Providers.',
    });
  }
  return reasons;
}

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
