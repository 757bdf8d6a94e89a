import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  customerEnquiries as e,
  enquiryEvents,
  reviews,
  serviceProviders as p,
  type EnquiryEventKind,
} from '../../../db/schema.ts';
import { serviceName } from '../../lib/catalog/categories.ts';
import type { EnquiryStatus } from '../../lib/catalog/enquiry-options.ts';
import { enquiryLink, reviewLinks } from '../enquiries/enquiry-links.ts';
import { AppError } from '../errors.ts';
import { copiesInGroupOf, groupReference, groupStatus } from './request-group.ts';
import { requestOfToken } from './request-of-token.ts';
import { photoIdsOf, sitePhotoPaths } from './site-photos.ts';

export const CLOSED_STATUSES: readonly EnquiryStatus[] = ['completed', 'cancelled'];

/**
 * The customer's status page (GET /api/requests/status?token=): the brief, who answers,
 * the timeline with times, the provider's responses, whether it can still be cancelled,
 * and once completed the link to review the provider. Nothing of the desk's notes, the
 * provider's private notes or where the request came from.
 *
 * A request sent to several providers (docs/decisions/0050) answers the same for the
 * copy the token opens (or the one completed, with its review link), with the group's
 * reference and status, and `copies`: each provider's progress (status, timeline,
 * responses, review link). A request sent to one provider has one copy, itself.
 */
export async function getRequestStatus(
  db: Database,
  { token, secret, siteUrl }: { token: string; secret: Uint8Array; siteUrl: string },
) {
  const id = await requestOfToken(db, token);
  const ids = await copiesInGroupOf(db, id);
  const [rows, events] = await Promise.all([
    db
      .select({
        id: e.id,
        groupId: e.groupId,
        createdAt: e.createdAt,
        status: e.status,
        serviceType: e.serviceType,
        location: e.location,
        description: e.description,
        budget: e.budget,
        urgency: e.urgency,
        brief: e.brief,
        customerName: e.customerName,
        providerId: p.id,
        providerName: p.name,
        reviewed: sql<boolean>`EXISTS (SELECT 1 FROM ${reviews} WHERE ${reviews.enquiryId} = ${e.id})`,
      })
      .from(e)
      .leftJoin(p, and(eq(p.id, e.assignedProviderId), eq(p.isApproved, true)))
      .where(inArray(e.id, ids))
      .orderBy(asc(e.id)),
    db
      .select({
        enquiryId: enquiryEvents.enquiryId,
        kind: enquiryEvents.kind,
        detail: enquiryEvents.detail,
        at: enquiryEvents.at,
      })
      .from(enquiryEvents)
      .where(inArray(enquiryEvents.enquiryId, ids))
      .orderBy(asc(enquiryEvents.at), asc(enquiryEvents.id)),
  ]);
  const request = rows.find((row) => row.id === id);
  if (!request) throw new AppError('not_found', 'This request no longer exists.');
  const photoIds = (await photoIdsOf(db, [id])).get(id) ?? [];
  const copies = await Promise.all(
    rows.map(async (copy) => {
      const own = events.filter((event) => event.enquiryId === copy.id);
      return {
        id: copy.id,
        status: copy.status,
        provider:
          copy.providerId !== null ? { id: copy.providerId, name: copy.providerName ?? '' } : null,
        timeline: own.map(({ kind, at, detail }) => ({
          kind: kind satisfies EnquiryEventKind,
          at,
          // The customer's own reason for cancelling, and the name of the provider a request
          // was passed to (the event's own words: nothing of the provider it left); responses
          // are listed on their own.
          ...((kind === 'cancelled' || kind === 'reassigned') && detail ? { detail } : {}),
        })),
        responses: own
          .filter((event) => event.kind === 'responded' && event.detail)
          .map(({ detail, at }) => ({ text: detail ?? '', at })),
        reviewUrl:
          copy.status === 'completed' && !copy.reviewed && copy.providerId !== null
            ? await enquiryLink(secret, reviewLinks, { enquiryId: copy.id, siteUrl })
            : null,
      };
    }),
  );
  // The copy the page speaks of first: in a group, the one whose work was completed (its
  // review link), else the one the token opens.
  const opened =
    copies.find((copy) => copies.length > 1 && copy.status === 'completed') ??
    copies.find((copy) => copy.id === id);
  if (!opened) throw new AppError('not_found', 'This request no longer exists.');
  return {
    reference: groupReference(request),
    status: copies.length > 1 ? groupStatus(copies.map((copy) => copy.status)) : request.status,
    sentAt: request.createdAt,
    customerName: request.customerName,
    service: { id: request.serviceType, name: serviceName(request.serviceType) },
    location: request.location,
    description: request.description,
    budget: request.budget,
    urgency: request.urgency,
    brief: request.brief,
    photos: photoIds.map((photoId) => sitePhotoPaths.customer(photoId, token)),
    provider: opened.provider,
    timeline: opened.timeline,
    responses: opened.responses,
    canCancel: copies.some((copy) => !CLOSED_STATUSES.includes(copy.status)),
    reviewUrl: opened.reviewUrl,
    copies,
  };
}
