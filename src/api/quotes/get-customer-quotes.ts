import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { customerEnquiries as e, serviceProviders as p } from '../../../db/schema.ts';
import type { EnquiryStatus } from '../../lib/catalog/enquiry-options.ts';
import { NOT_MEASURED, type Responsiveness } from '../../lib/responsiveness.ts';
import { responsivenessOf } from '../providers/responsiveness.ts';
import { groupReference } from '../requests/request-group.ts';
import {
  getPublicVerification,
  type PublicVerification,
} from '../verification/public-verification.ts';
import { customerGroup } from './customer-group.ts';
import {
  quotesAndFees,
  type JobView,
  type PreparationFeeView,
  type QuoteView,
} from './read-quotes.ts';

/** One provider's side of the comparison: who, how it answers, and its quotes. */
export interface QuoteOffer {
  enquiryId: number;
  status: EnquiryStatus;
  provider: {
    id: number;
    name: string;
    rating: number;
    reviewCount: number;
    /** When it was listed: a new provider's responsiveness reads 'New on the platform'. */
    createdAt: Date;
    responsiveness: Responsiveness;
    verification: PublicVerification;
  } | null;
  preparationFee: PreparationFeeView | null;
  /** Newest version first; a version the provider replaced stays readable. */
  quotes: QuoteView[];
}

export interface CustomerQuotes {
  reference: string;
  offers: QuoteOffer[];
  /** The accepted quote's job, with the provider who has it. */
  job: (JobView & { providerName: string }) | null;
}

/**
 * GET /api/requests/quotes?token=: every provider of the customer's request group side by
 * side, with its rating, responsiveness and Verified checks, its preparation fee and its
 * quotes (those of the provider that has the copy now), and the agreed job once a quote
 * is accepted.
 */
export async function getCustomerQuotes(db: Database, token: string): Promise<CustomerQuotes> {
  const { groupId, copyIds } = await customerGroup(db, token);
  const copies = await db
    .select({
      id: e.id,
      groupId: e.groupId,
      createdAt: e.createdAt,
      status: e.status,
      providerId: p.id,
      providerName: p.name,
      rating: p.rating,
      reviewCount: p.reviewCount,
      providerCreatedAt: p.createdAt,
    })
    .from(e)
    .leftJoin(p, eq(p.id, e.assignedProviderId))
    .where(inArray(e.id, copyIds))
    .orderBy(asc(e.id));
  const providerIds = copies.flatMap((copy) => (copy.providerId === null ? [] : [copy.providerId]));
  const [{ job, quotes, fees }, figures, verifications] = await Promise.all([
    quotesAndFees(db, groupId, copyIds),
    responsivenessOf(db, providerIds),
    Promise.all(providerIds.map((id) => getPublicVerification(db, id))),
  ]);
  const first = copies[0];
  const offers = copies.map((copy): QuoteOffer => {
    const index = copy.providerId === null ? -1 : providerIds.indexOf(copy.providerId);
    return {
      enquiryId: copy.id,
      status: copy.status,
      provider:
        copy.providerId === null
          ? null
          : {
              id: copy.providerId,
              name: copy.providerName ?? '',
              rating: Number(copy.rating ?? 0),
              reviewCount: copy.reviewCount ?? 0,
              createdAt: copy.providerCreatedAt ?? new Date(0),
              responsiveness: figures.get(copy.providerId) ?? NOT_MEASURED,
              verification: verifications[index] ?? { status: 'unverified', checks: [] },
            },
      preparationFee: fees.get(copy.id) ?? null,
      quotes: quotes.filter(
        (quote) => quote.enquiryId === copy.id && quote.providerId === copy.providerId,
      ),
    };
  });
  const jobOffer = job && copies.find((copy) => copy.id === job.enquiryId);
  return {
    reference: first ? groupReference(first) : '',
    offers,
    job: job ? { ...job, providerName: jobOffer?.providerName ?? '' } : null,
  };
}
