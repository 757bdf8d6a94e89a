/**
 * Verified reviews: written once per completed enquiry through its e-mailed link; the
 * provider's rating (one decimal) and review count are recomputed from the visible
 * reviews in the same transaction as every change. Issue 11 (reviews only from real
 * customers): the link goes only to a confirmed address that is not the provider's own,
 * and a review whose request came from the provider's own network or session is held
 * for moderation: not shown and not counted until an admin releases it.
 */
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import {
  adminUsers,
  customerEnquiries,
  providerSignIns,
  reviews as r,
  serviceProviders,
} from '../../../db/schema.ts';
import type { z } from 'zod';
import { shortName, type ReviewSchema } from '../../lib/schemas/reviews.ts';
import { pageOffset, type AdminPageQuery } from '../../lib/schemas/admin-lists.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { reviewRequestMessage } from '../mail/messages.ts';
import { mailboxOf } from '../mail/mailbox.ts';
import { enquiryOfReviewToken, reviewLink, signReviewToken } from './review-links.ts';

export const REVIEW_WRITTEN = 'A review for this request has been written already. Thank you!';

/** Shown publicly and counted: neither hidden by an admin nor held for moderation. */
const visibleReview = and(isNull(r.hiddenAt), isNull(r.heldAt));

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
      rating: sql`(SELECT coalesce(round(avg(${r.rating})::numeric, 1), 0) FROM ${r} WHERE ${r.providerId} = ${providerId} AND ${r.hiddenAt} IS NULL AND ${r.heldAt} IS NULL)`,
      reviewCount: sql`(SELECT count(*)::int FROM ${r} WHERE ${r.providerId} = ${providerId} AND ${r.hiddenAt} IS NULL AND ${r.heldAt} IS NULL)`,
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
      customerEmail: customerEnquiries.customerEmail,
      serviceType: customerEnquiries.serviceType,
      status: customerEnquiries.status,
      clientAddress: customerEnquiries.clientAddress,
      senderProviderId: customerEnquiries.senderProviderId,
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

/**
 * When an enquiry becomes completed, its customer is e-mailed a review link. Called by
 * the provider's response and by the enquiry desk, only on the change to completed, and
 * by the confirmation of the customer's address when the enquiry is completed already.
 * Only a confirmed address gets one, and never the provider's own or an admin's
 * (issue 11: reviews only from real customers). The once key sends it at most once.
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
      emailConfirmedAt: customerEnquiries.emailConfirmedAt,
      providerName: serviceProviders.name,
      // The provider's own address, or an admin's, gets no review link.
      ownAddress: sql<boolean>`${mailboxOf(customerEnquiries.customerEmail)} = ${mailboxOf(serviceProviders.email)}
        OR EXISTS (SELECT 1 FROM ${adminUsers} WHERE ${mailboxOf(adminUsers.email)} = ${mailboxOf(customerEnquiries.customerEmail)})`,
    })
    .from(customerEnquiries)
    .innerJoin(serviceProviders, eq(serviceProviders.id, customerEnquiries.assignedProviderId))
    .where(eq(customerEnquiries.id, enquiryId));
  if (!enquiry?.emailConfirmedAt || enquiry.ownAddress) return;
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
  const visible = and(eq(r.providerId, providerId), visibleReview);
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

/**
 * The provider's own reviews, hidden ones marked (their reason is shown to them). Held
 * ones are left out until released: the hold is not announced to the provider it is
 * about.
 */
export function listOwnReviews(db: Database, providerId: number) {
  return db
    .select({
      ...publicColumns,
      hiddenAt: r.hiddenAt,
      hiddenReason: r.hiddenReason,
    })
    .from(r)
    .where(and(eq(r.providerId, providerId), isNull(r.heldAt)))
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
    .where(
      and(
        eq(r.id, reviewId),
        eq(r.providerId, providerId),
        isNull(r.heldAt),
        isNull(r.providerReply),
      ),
    )
    .returning({ id: r.id });
  if (row) return;
  const [existing] = await db
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.id, reviewId), eq(r.providerId, providerId), isNull(r.heldAt)));
  if (!existing) throw new AppError('not_found', 'Review not found');
  throw new AppError('conflict', 'You have replied to this review already.');
}

/**
 * Reviews for moderation, one page: newest first (the id keeps pages stable), with the
 * provider's name, and how many there are; `held` lists only those waiting for a
 * decision (issue 11). A released review keeps its held reason, with heldAt cleared.
 */
export async function listReviewsForAdmin(
  db: Database,
  query: AdminPageQuery & { held?: boolean | undefined },
) {
  const where = query.held ? isNotNull(r.heldAt) : undefined;
  const [items, [total]] = await Promise.all([
    adminReviewRows(db).where(where).limit(query.limit).offset(pageOffset(query)),
    db.select({ total: count() }).from(r).where(where),
  ]);
  return { items, total: total?.total ?? 0 };
}

function adminReviewRows(db: Database) {
  return db
    .select({
      ...publicColumns,
      providerId: r.providerId,
      providerName: serviceProviders.name,
      hiddenAt: r.hiddenAt,
      hiddenReason: r.hiddenReason,
      heldAt: r.heldAt,
      heldReason: r.heldReason,
    })
    .from(r)
    .innerJoin(serviceProviders, eq(serviceProviders.id, r.providerId))
    .orderBy(desc(r.createdAt), desc(r.id))
    .$dynamic();
}

/**
 * An admin lets a held review through (issue 11): it is shown and counts from now on;
 * releasing one that is not held changes nothing. The rating follows in the same
 * transaction.
 */
export async function releaseReview(db: Database, { reviewId }: { reviewId: number }) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(r)
      .set({ heldAt: null })
      .where(eq(r.id, reviewId))
      .returning({ providerId: r.providerId });
    if (!row) throw new AppError('not_found', 'Review not found');
    await recomputeRating(tx, row.providerId);
  });
}

/**
 * Hides (with a reason) or shows again a review; the rating follows in the same
 * transaction. Hiding a held review is the admins' decision on it: the hold ends.
 */
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
          ? { hiddenAt: sql`now()`, hiddenReason: hidden.reason, hiddenBy: adminId, heldAt: null }
          : { hiddenAt: null, hiddenReason: null, hiddenBy: null },
      )
      .where(eq(r.id, reviewId))
      .returning({ providerId: r.providerId });
    if (!row) throw new AppError('not_found', 'Review not found');
    await recomputeRating(tx, row.providerId);
  });
}
