import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { customerEnquiries as e, jobs, quotes as q } from '../../../db/schema.ts';
import { serviceName } from '../../lib/catalog/categories.ts';
import { AppError } from '../errors.ts';
import { groupReference } from '../requests/request-group.ts';
import { copyWithProvider } from './copy-with-provider.ts';
import { customerGroup } from './customer-group.ts';
import { jobPdf, quotePdf, type DocumentParties } from './quote-pdf.ts';
import {
  jobsOfGroups,
  quotesOfCopies,
  quotesWithJob,
  type JobView,
  type QuoteView,
} from './read-quotes.ts';

/** Who asks for a document: its customer (a status token), its provider, or the desk. */
export type DocumentViewer =
  | { kind: 'customer'; token: string }
  | { kind: 'provider'; providerId: number }
  | { kind: 'admin' };

const NOT_FOUND = 'Document not found';

async function partiesOf(db: Database, enquiryId: number): Promise<DocumentParties> {
  const copy = await copyWithProvider(db, enquiryId);
  if (!copy) throw new AppError('not_found', NOT_FOUND);
  return {
    reference: groupReference(copy),
    customerName: copy.customerName,
    location: copy.location,
    serviceName: serviceName(copy.serviceType),
    provider: { name: copy.providerName ?? '', phone: copy.phone ?? '', email: copy.email ?? '' },
  };
}

/** The copies a viewer may read the documents of: 404 for anything else. */
async function readableCopies(db: Database, viewer: DocumentViewer, enquiryId: number) {
  if (viewer.kind === 'admin') return;
  if (viewer.kind === 'customer') {
    const { copyIds } = await customerGroup(db, viewer.token);
    if (!copyIds.includes(enquiryId)) throw new AppError('not_found', NOT_FOUND);
    return;
  }
  const [own] = await db
    .select({ id: e.id })
    .from(e)
    .where(and(eq(e.id, enquiryId), eq(e.assignedProviderId, viewer.providerId)));
  if (!own) throw new AppError('not_found', NOT_FOUND);
}

async function quoteById(db: Database, quoteId: number): Promise<QuoteView> {
  const [row] = await db
    .select({ enquiryId: q.enquiryId, providerId: q.providerId, groupId: e.groupId })
    .from(q)
    .innerJoin(e, eq(e.id, q.enquiryId))
    .where(eq(q.id, quoteId));
  if (!row) throw new AppError('not_found', NOT_FOUND);
  const { quotes } = await quotesWithJob(db, row.groupId ?? row.enquiryId, [row.enquiryId]);
  const [quote] = quotes.filter((v) => v.id === quoteId);
  if (!quote) throw new AppError('not_found', NOT_FOUND);
  return quote;
}

/** A quote version's PDF, for its customer, its provider (its own quotes) or the desk. */
export async function quoteDocument(db: Database, viewer: DocumentViewer, quoteId: number) {
  const quote = await quoteById(db, quoteId);
  await readableCopies(db, viewer, quote.enquiryId);
  if (viewer.kind === 'provider' && quote.providerId !== viewer.providerId) {
    throw new AppError('not_found', NOT_FOUND);
  }
  const parties = await partiesOf(db, quote.enquiryId);
  return {
    bytes: await quotePdf(parties, quote),
    fileName: `quote-${parties.reference}-v${quote.version}.pdf`,
  };
}

/**
 * The agreed job's PDF: for the customer, the job of the token's group; for a provider,
 * the job on its copy `enquiryId`; for the desk, the job on `enquiryId`.
 */
export async function jobDocument(
  db: Database,
  viewer: DocumentViewer,
  enquiryId: number | undefined,
) {
  let job: JobView | undefined;
  if (viewer.kind === 'customer') {
    const { groupId } = await customerGroup(db, viewer.token);
    [job] = await jobsOfGroups(db, [groupId]);
  } else {
    if (enquiryId === undefined) throw new AppError('not_found', NOT_FOUND);
    await readableCopies(db, viewer, enquiryId);
    const [row] = await db
      .select({ groupId: jobs.groupId })
      .from(jobs)
      .where(
        and(
          eq(jobs.enquiryId, enquiryId),
          ...(viewer.kind === 'provider' ? [eq(jobs.providerId, viewer.providerId)] : []),
        ),
      );
    if (row) [job] = await jobsOfGroups(db, [row.groupId]);
  }
  if (!job) throw new AppError('not_found', 'There is no agreed job: no quote was accepted.');
  const [quote] = (await quotesOfCopies(db, [job.enquiryId], job)).filter(
    (v) => v.id === job.quoteId,
  );
  if (!quote) throw new AppError('not_found', NOT_FOUND);
  const parties = await partiesOf(db, job.enquiryId);
  return {
    bytes: await jobPdf(parties, quote, job),
    fileName: `agreed-job-${parties.reference}.pdf`,
  };
}
