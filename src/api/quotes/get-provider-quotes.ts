import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { customerEnquiries as e, serviceProviders as p } from '../../../db/schema.ts';
import { AppError } from '../errors.ts';
import {
  groupOf,
  quotesAndFees,
  type JobView,
  type PreparationFeeView,
  type QuoteView,
} from './read-quotes.ts';

export interface ProviderQuotes {
  /** The provider's VAT registration, as its quotes will state it. */
  vatNumber: string | null;
  registeredName: string | null;
  /** The largest deposit a quote may ask, in percent of its total. */
  depositCapPercent: number;
  preparationFee: PreparationFeeView | null;
  /** The provider's own quotes on this copy, newest version first. */
  quotes: QuoteView[];
  /** The agreed job, when the customer accepted this provider's quote. */
  job: JobView | null;
  /** The customer accepted another provider's quote (who, it is not told). */
  otherChosen: boolean;
}

/**
 * GET /api/provider/enquiries/{id}/quotes: the quotes, preparation fee and agreed job of
 * the provider's own copy (another's: 404). Nothing of the other copies of the group
 * but the fact that another quote was accepted.
 */
export async function getProviderQuotes(
  db: Database,
  {
    providerId,
    enquiryId,
    depositCapPercent,
  }: { providerId: number; enquiryId: number; depositCapPercent: number },
): Promise<ProviderQuotes> {
  const [copy] = await db
    .select({
      id: e.id,
      groupId: e.groupId,
      vatNumber: p.vatNumber,
      registeredName: p.registeredName,
    })
    .from(e)
    .innerJoin(p, eq(p.id, e.assignedProviderId))
    .where(and(eq(e.id, enquiryId), eq(e.assignedProviderId, providerId)));
  if (!copy) throw new AppError('not_found', 'Enquiry not found');
  const { job, quotes, fees } = await quotesAndFees(db, groupOf(copy), [enquiryId]);
  return {
    vatNumber: copy.vatNumber,
    registeredName: copy.registeredName,
    depositCapPercent,
    preparationFee: fees.get(enquiryId) ?? null,
    quotes: quotes.filter((quote) => quote.providerId === providerId),
    job: job?.enquiryId === enquiryId ? job : null,
    otherChosen: job !== undefined && job.enquiryId !== enquiryId,
  };
}
