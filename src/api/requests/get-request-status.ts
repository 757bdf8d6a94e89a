import { and, asc, eq, sql } from 'drizzle-orm';
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
import { requestReference } from '../../lib/request-reference.ts';
import { enquiryLink, reviewLinks } from '../enquiries/enquiry-links.ts';
import { AppError } from '../errors.ts';
import { requestOfToken } from './request-of-token.ts';
import { photoIdsOf, sitePhotoPaths } from './site-photos.ts';

export const CLOSED_STATUSES: readonly EnquiryStatus[] = ['completed', 'cancelled'];

/**
 * The customer's status page (GET /api/requests/status?token=): the brief, who answers,
 * the timeline with times, the provider's responses, whether it can still be cancelled,
 * and once completed the link to review the provider. Nothing of the desk's notes, the
 * provider's private notes or where the request came from.
 */
export async function getRequestStatus(
  db: Database,
  { token, secret, siteUrl }: { token: string; secret: Uint8Array; siteUrl: string },
) {
  const id = await requestOfToken(db, token);
  const [[request], events] = await Promise.all([
    db
      .select({
        id: e.id,
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
      .where(eq(e.id, id)),
    db
      .select({ kind: enquiryEvents.kind, detail: enquiryEvents.detail, at: enquiryEvents.at })
      .from(enquiryEvents)
      .where(eq(enquiryEvents.enquiryId, id))
      .orderBy(asc(enquiryEvents.at), asc(enquiryEvents.id)),
  ]);
  if (!request) throw new AppError('not_found', 'This request no longer exists.');
  const photoIds = (await photoIdsOf(db, [id])).get(id) ?? [];
  const closed = CLOSED_STATUSES.includes(request.status);
  const reviewUrl =
    request.status === 'completed' && !request.reviewed && request.providerId !== null
      ? await enquiryLink(secret, reviewLinks, { enquiryId: id, siteUrl })
      : null;
  return {
    reference: requestReference(request.id, request.createdAt),
    status: request.status,
    sentAt: request.createdAt,
    customerName: request.customerName,
    service: { id: request.serviceType, name: serviceName(request.serviceType) },
    location: request.location,
    description: request.description,
    budget: request.budget,
    urgency: request.urgency,
    brief: request.brief,
    photos: photoIds.map((photoId) => sitePhotoPaths.customer(photoId, token)),
    provider:
      request.providerId !== null
        ? { id: request.providerId, name: request.providerName ?? '' }
        : null,
    timeline: events.map(({ kind, at, detail }) => ({
      kind: kind satisfies EnquiryEventKind,
      at,
      // The customer's own reason for cancelling, and the name of the provider a request
      // was passed to (the event's own words: nothing of the provider it left); responses
      // are listed on their own.
      ...((kind === 'cancelled' || kind === 'reassigned') && detail ? { detail } : {}),
    })),
    responses: events
      .filter((event) => event.kind === 'responded' && event.detail)
      .map(({ detail, at }) => ({ text: detail ?? '', at })),
    canCancel: !closed,
    reviewUrl,
  };
}
