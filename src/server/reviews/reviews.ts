/**
 * Verified reviews: written once per completed enquiry through its e-mailed link; the
 * provider's rating (one decimal) and review count are recomputed from the visible
 * reviews in the same transaction as every change.
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { customerEnquiries, reviews as r, serviceProviders } from '../../../db/schema.ts';
import type { z } from 'zod';
import { shortName, type ReviewSchema } from '../../lib/schemas/reviews.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { reviewRequestMessage } from '../mail/messages.ts';
import { enquiryOfReviewToken, reviewLink, signReviewToken } from './review-links.ts';

export const REVIEW_WRITTEN = 'A review for this request has been written already. Thank you!';

/**
 * Rating and count from the visible reviews (no reviews: 0.0 and 0). The provider row is
 * locked first, in a statement of its own: under READ COMMITTED the UPDATE's subqueries
 * read the snapshot its statement started with, so two transactions recomputing at once
 * (two reviews of one provider, or a review and a hide) would each miss the other's
 * review and the later commit would store a stale count. After waiting for the lock, the
 * UPDATE starts with a snapshot that includes every review committed before it. FOR NO
 * KEY UPDATE does not conflict with the key-share lock the review's foreign key takes.
 */
async function recomputeRating(db: Queryable, providerId: number): Promise<void> {
  await db
    .select({ id: serviceProviders.id })
    .from(serviceProviders)
    .where(eq(serviceProviders.id, providerId))
    .for('no key update');
  await db
    .update(serviceProviders)
    .set({
      rating: sql`(SELECT coalesce(round(avg(${r.rating})::numeric, 1), 0) FROM ${r} WHERE ${r.providerId} = ${providerId} AND ${r.hiddenAt} IS NULL)`,
      reviewCount: sql`(SELECT count(*)::int FROM ${r} WHERE ${r.providerId} = ${providerId} AND ${r.hiddenAt} IS NULL)`,
    })
    .where(eq(serviceProviders.id, providerId));
}

/** The completed enquiry a link is for, with its provider; clear errors otherwise. */
async function invitationOf(db: Queryable, secret: Uint8Array, token: string) {
  const enquiryId = await enquiryOfReviewToken(secret, token);
  const [enquiry] = await db
    .select({
      id: customerEnquiries.id,
      customerName: customerEnquiries.customerName,
      serviceType: customerEnquiries.serviceType,
      status: customerEnquiries.status,
      providerId: serviceProviders.id,
      providerName: serviceProviders.name,
    })
    .from(customerEnquiries)
    .leftJoin(serviceProviders, eq(serviceProviders.id, customerEnquiries.assignedProviderId))
    .where(eq(customerEnquiries.id, enquiryId));
  if (!enquiry || enquiry.status !== 'completed' || enquiry.providerId === null) {
    throw new AppError('not_found', 'This request cannot be reviewed (any more).');
  }
  const [written] = await db.select({ id: r.id }).from(r).where(eq(r.enquiryId, enquiryId));
  if (written) throw new AppError('conflict', REVIEW_WRITTEN);
  return { ...enquiry, providerId: enquiry.providerId, providerName: enquiry.providerName ?? '' };
}

/** GET /api/reviews/invitation: what the review page shows before the customer writes. */
export async function getInvitation(db: Database, secret: Uint8Array, token: string) {
  const invitation = await invitationOf(db, secret, token);
  return {
    providerId: invitation.providerId,
    providerName: invitation.providerName,
    serviceType: invitation.serviceType,
    customerName: invitation.customerName,
  };
}

export async function writeReview(
  db: Database,
  secret: Uint8Array,
  input: z.output<typeof ReviewSchema>,
): Promise<{ id: number; providerId: number }> {
  try {
    return await db.transaction(async (tx) => {
      const invitation = await invitationOf(tx, secret, input.token);
      if (input.providerId !== undefined && input.providerId !== invitation.providerId) {
        throw new AppError('bad_request', 'This link is for a review of another provider.', {
          providerId: 'This link is for a review of another provider.',
        });
      }
      const [row] = await tx
        .insert(r)
        .values({
          providerId: invitation.providerId,
          enquiryId: invitation.id,
          customerName: invitation.customerName,
          serviceType: invitation.serviceType,
          rating: input.rating,
          comment: input.comment,
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

/**
 * When an enquiry becomes completed, its customer is e-mailed a review link. Called by
 * the provider's response and by the enquiry desk, only on the change to completed.
 */
export async function inviteReview(
  db: Queryable,
  { enquiryId, secret, siteUrl }: { enquiryId: number; secret: Uint8Array; siteUrl: string },
): Promise<void> {
  const [enquiry] = await db
    .select({
      customerName: customerEnquiries.customerName,
      customerEmail: customerEnquiries.customerEmail,
      serviceType: customerEnquiries.serviceType,
      providerName: serviceProviders.name,
    })
    .from(customerEnquiries)
    .innerJoin(serviceProviders, eq(serviceProviders.id, customerEnquiries.assignedProviderId))
    .where(eq(customerEnquiries.id, enquiryId));
  if (!enquiry) return;
  const link = reviewLink(siteUrl, await signReviewToken(secret, enquiryId));
  await enqueueMail(db, reviewRequestMessage(enquiry, link), {
    onceKey: `review-invitation:${enquiryId}`,
  });
}

const publicColumns = {
  id: r.id,
  customerName: r.customerName,
  rating: r.rating,
  comment: r.comment,
  serviceType: r.serviceType,
  createdAt: r.createdAt,
  providerReply: r.providerReply,
  repliedAt: r.repliedAt,
};

/** GET /api/providers/{id}/reviews: visible reviews, newest first, names shortened. */
export async function listPublicReviews(
  db: Database,
  providerId: number,
  { page, limit }: { page: number; limit: number },
) {
  const visible = and(eq(r.providerId, providerId), isNull(r.hiddenAt));
  const [rows, [total]] = await Promise.all([
    db
      .select(publicColumns)
      .from(r)
      .where(visible)
      .orderBy(desc(r.createdAt), desc(r.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(r).where(visible),
  ]);
  return {
    items: rows.map((row) => ({ ...row, customerName: shortName(row.customerName) })),
    total: total?.total ?? 0,
  };
}

/** The provider's own reviews, hidden ones marked (their reason is shown to them). */
export function listOwnReviews(db: Database, providerId: number) {
  return db
    .select({
      ...publicColumns,
      hiddenAt: r.hiddenAt,
      hiddenReason: r.hiddenReason,
    })
    .from(r)
    .where(eq(r.providerId, providerId))
    .orderBy(desc(r.createdAt), desc(r.id))
    .then((rows) => rows.map((row) => ({ ...row, customerName: shortName(row.customerName) })));
}

/** One public reply per review, by the reviewed provider only (another's answers 404). */
export async function replyToReview(
  db: Database,
  { providerId, reviewId, reply }: { providerId: number; reviewId: number; reply: string },
) {
  const [row] = await db
    .update(r)
    .set({ providerReply: reply, repliedAt: sql`now()` })
    .where(and(eq(r.id, reviewId), eq(r.providerId, providerId), isNull(r.providerReply)))
    .returning({ id: r.id });
  if (row) return;
  const [existing] = await db
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.id, reviewId), eq(r.providerId, providerId)));
  if (!existing) throw new AppError('not_found', 'Review not found');
  throw new AppError('conflict', 'You have replied to this review already.');
}

/** Every review, for moderation: newest first, with its provider's name. */
export function listReviewsForAdmin(db: Database) {
  return db
    .select({
      ...publicColumns,
      providerId: r.providerId,
      providerName: serviceProviders.name,
      hiddenAt: r.hiddenAt,
      hiddenReason: r.hiddenReason,
    })
    .from(r)
    .innerJoin(serviceProviders, eq(serviceProviders.id, r.providerId))
    .orderBy(desc(r.createdAt), desc(r.id))
    .limit(500);
}

/** Hides (with a reason) or shows again a review; the rating follows in the same transaction. */
export async function setReviewHidden(
  db: Database,
  {
    reviewId,
    adminId,
    hidden,
  }: { reviewId: number; adminId: number; hidden: { reason: string } | false },
) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(r)
      .set(
        hidden
          ? { hiddenAt: sql`now()`, hiddenReason: hidden.reason, hiddenBy: adminId }
          : { hiddenAt: null, hiddenReason: null, hiddenBy: null },
      )
      .where(eq(r.id, reviewId))
      .returning({ providerId: r.providerId });
    if (!row) throw new AppError('not_found', 'Review not found');
    await recomputeRating(tx, row.providerId);
  });
}
