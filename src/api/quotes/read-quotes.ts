/**
 * Quotes, jobs and variations as every reader sees them (the provider of a copy, the
 * customer of a group, the desk): the same shapes, read by copy ids, with each quote's
 * state worked out at read time (expired is a matter of today's date, superseded of a
 * later version, accepted or not chosen of the group's job).
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import {
  customerEnquiries as e,
  jobs,
  jobVariations as v,
  quoteLines as l,
  quotePreparationFees as fees,
  quotes as q,
} from '../../../db/schema.ts';
import type { QuoteLineKind } from '../../lib/quotes.ts';
import { AppError } from '../errors.ts';
import { TODAY } from '../verification/verified-sql.ts';

export const QUOTE_STATES = [
  'open',
  'expired',
  'superseded',
  'declined',
  'accepted',
  'not-chosen',
] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

export interface QuoteLineView {
  kind: QuoteLineKind;
  description: string;
  quantity: number;
  unit: string;
  unitPriceCents: number;
  totalCents: number;
}

export interface QuoteView {
  id: number;
  enquiryId: number;
  /** Who wrote it: a copy passed to another provider keeps the earlier one's quotes. */
  providerId: number | null;
  version: number;
  createdAt: string;
  providerName: string;
  registeredName: string | null;
  vatNumber: string | null;
  vatPercent: number;
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
  validUntil: string;
  earliestStart: string;
  depositCents: number;
  depositPercent: number | null;
  repairWork: boolean;
  warrantyMonths: number;
  preparationFeeCents: number;
  note: string | null;
  declinedAt: string | null;
  declineReason: string | null;
  state: QuoteState;
  lines: QuoteLineView[];
}

export interface VariationView {
  id: number;
  number: number;
  reason: string;
  vatPercent: number;
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
  proposedAt: string;
  approvedAt: string | null;
  declinedAt: string | null;
  declineReason: string | null;
  lines: QuoteLineView[];
}

export interface JobView {
  id: number;
  enquiryId: number;
  quoteId: number;
  version: number;
  acceptedAt: string;
  quoteTotalCents: number;
  /** The accepted quote's total plus the approved variations'. */
  agreedTotalCents: number;
  finalTotalCents: number | null;
  completedAt: string | null;
  disputedAt: string | null;
  disputedBy: 'customer' | 'provider' | null;
  disputeReason: string | null;
  variations: VariationView[];
}

export interface PreparationFeeView {
  feeCents: number;
  proposedAt: string;
  agreedAt: string | null;
  declinedAt: string | null;
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/** The group a copy belongs to: the id of its first copy (its own id when sent alone). */
export const groupOf = (enquiry: { id: number; groupId: number | null }) =>
  enquiry.groupId ?? enquiry.id;

/** The ids of every copy in the group of `groupId`, first copy first. */
export async function copiesOfGroup(db: Queryable, groupId: number): Promise<number[]> {
  const rows = await db
    .select({ id: e.id })
    .from(e)
    .where(sql`coalesce(${e.groupId}, ${e.id}) = ${groupId}`)
    .orderBy(asc(e.id));
  return rows.map(({ id }) => id);
}

async function linesOf(
  db: Queryable,
  owner: 'quote' | 'variation',
  ids: number[],
): Promise<Map<number, QuoteLineView[]>> {
  const byOwner = new Map<number, QuoteLineView[]>();
  if (ids.length === 0) return byOwner;
  const ownerColumn = owner === 'quote' ? l.quoteId : l.variationId;
  const rows = await db
    .select({
      owner: sql<number>`${ownerColumn}`,
      kind: l.kind,
      description: l.description,
      quantity: l.quantity,
      unit: l.unit,
      unitPriceCents: l.unitPriceCents,
      totalCents: l.totalCents,
    })
    .from(l)
    .where(inArray(ownerColumn, ids))
    .orderBy(asc(ownerColumn), asc(l.position));
  for (const { owner: id, quantity, ...line } of rows) {
    const list = byOwner.get(id) ?? [];
    list.push({ ...line, quantity: Number(quantity) });
    byOwner.set(id, list);
  }
  return byOwner;
}

/** How an agreed job ended or stands: its final total once completed, and any dispute. */
export const jobOutcomeColumns = {
  finalTotalCents: jobs.finalTotalCents,
  completedAt: jobs.completedAt,
  disputedAt: jobs.disputedAt,
  disputedBy: jobs.disputedBy,
  disputeReason: jobs.disputeReason,
};

/** The jobs of these groups (at most one each), with their variations. */
export async function jobsOfGroups(db: Queryable, groupIds: number[]): Promise<JobView[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .select({
      id: jobs.id,
      enquiryId: jobs.enquiryId,
      quoteId: jobs.quoteId,
      version: q.version,
      acceptedAt: jobs.acceptedAt,
      quoteTotalCents: q.totalCents,
      ...jobOutcomeColumns,
    })
    .from(jobs)
    .innerJoin(q, eq(q.id, jobs.quoteId))
    .where(inArray(jobs.groupId, groupIds))
    .orderBy(asc(jobs.id));
  if (rows.length === 0) return [];
  const variations = await db
    .select()
    .from(v)
    .where(
      inArray(
        v.jobId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(v.jobId), asc(v.number));
  const lines = await linesOf(
    db,
    'variation',
    variations.map((variation) => variation.id),
  );
  return rows.map((row) => {
    const own = variations
      .filter((variation) => variation.jobId === row.id)
      .map((variation): VariationView => ({
        id: variation.id,
        number: variation.number,
        reason: variation.reason,
        vatPercent: variation.vatPercent,
        subtotalCents: variation.subtotalCents,
        vatCents: variation.vatCents,
        totalCents: variation.totalCents,
        proposedAt: iso(variation.proposedAt) ?? '',
        approvedAt: iso(variation.approvedAt),
        declinedAt: iso(variation.declinedAt),
        declineReason: variation.declineReason,
        lines: lines.get(variation.id) ?? [],
      }));
    return {
      ...row,
      acceptedAt: iso(row.acceptedAt) ?? '',
      completedAt: iso(row.completedAt),
      disputedAt: iso(row.disputedAt),
      agreedTotalCents:
        row.quoteTotalCents +
        own
          .filter((variation) => variation.approvedAt !== null)
          .reduce((sum, variation) => sum + variation.totalCents, 0),
      variations: own,
    };
  });
}

/**
 * The quotes on these copies, newest version first per copy, with their lines and
 * states. `jobOfGroup` is the group's job, if a quote was accepted.
 */
export async function quotesOfCopies(
  db: Queryable,
  enquiryIds: number[],
  jobOfGroup: Pick<JobView, 'quoteId' | 'enquiryId'> | undefined,
): Promise<QuoteView[]> {
  if (enquiryIds.length === 0) return [];
  const rows = await db
    .select({
      quote: q,
      expired: sql<boolean>`${q.validUntil} < ${TODAY}`,
      // Written with the table's name: in a select from one table drizzle leaves columns
      // unqualified, and the sub-select's own enquiry_id would answer for them.
      latest: sql<boolean>`${q}.version = (SELECT max(later.version) FROM ${q} AS later WHERE later.enquiry_id = ${q}.enquiry_id)`,
    })
    .from(q)
    .where(inArray(q.enquiryId, enquiryIds))
    .orderBy(asc(q.enquiryId), desc(q.version));
  const lines = await linesOf(
    db,
    'quote',
    rows.map(({ quote }) => quote.id),
  );
  return rows.map(({ quote, expired, latest }) => {
    const state: QuoteState = jobOfGroup
      ? jobOfGroup.quoteId === quote.id
        ? 'accepted'
        : jobOfGroup.enquiryId === quote.enquiryId
          ? quote.declinedAt
            ? 'declined'
            : 'superseded'
          : 'not-chosen'
      : quote.declinedAt
        ? 'declined'
        : !latest
          ? 'superseded'
          : expired
            ? 'expired'
            : 'open';
    return {
      id: quote.id,
      enquiryId: quote.enquiryId,
      providerId: quote.providerId,
      version: quote.version,
      createdAt: iso(quote.createdAt) ?? '',
      providerName: quote.providerName,
      registeredName: quote.registeredName,
      vatNumber: quote.vatNumber,
      vatPercent: quote.vatPercent,
      subtotalCents: quote.subtotalCents,
      vatCents: quote.vatCents,
      totalCents: quote.totalCents,
      validUntil: quote.validUntil,
      earliestStart: quote.earliestStart,
      depositCents: quote.depositCents,
      depositPercent: quote.depositPercent,
      repairWork: quote.repairWork,
      warrantyMonths: quote.warrantyMonths,
      preparationFeeCents: quote.preparationFeeCents,
      note: quote.note,
      declinedAt: iso(quote.declinedAt),
      declineReason: quote.declineReason,
      state,
      lines: lines.get(quote.id) ?? [],
    };
  });
}

/** The preparation fees asked on these copies, by copy id. */
async function preparationFeesOf(
  db: Queryable,
  enquiryIds: number[],
): Promise<Map<number, PreparationFeeView>> {
  if (enquiryIds.length === 0) return new Map();
  const rows = await db.select().from(fees).where(inArray(fees.enquiryId, enquiryIds));
  return new Map(
    rows.map((row) => [
      row.enquiryId,
      {
        feeCents: row.feeCents,
        proposedAt: iso(row.proposedAt) ?? '',
        agreedAt: iso(row.agreedAt),
        declinedAt: iso(row.declinedAt),
      },
    ]),
  );
}

/** The copy with its group, for a provider's write: its own copy only (404 otherwise). */
export async function lockedCopyOfProvider(
  db: Queryable,
  { enquiryId, providerId }: { enquiryId: number; providerId: number },
) {
  const [copy] = await db
    .select()
    .from(e)
    .where(and(eq(e.id, enquiryId), eq(e.assignedProviderId, providerId)))
    .for('update');
  if (!copy) throw new AppError('not_found', 'Enquiry not found');
  return copy;
}

/**
 * The agreed job of a group, if a quote was accepted, and the quotes on these of its
 * copies as that job sees them (the accepted version, the others superseded).
 */
export async function quotesWithJob(
  db: Queryable,
  groupId: number,
  enquiryIds: number[],
): Promise<{ job: JobView | undefined; quotes: QuoteView[] }> {
  const [job] = await jobsOfGroups(db, [groupId]);
  return { job, quotes: await quotesOfCopies(db, enquiryIds, job) };
}

/**
 * What the customer's and the provider's quote screens show of these copies of a group:
 * the agreed job and the quotes (quotesWithJob), and the preparation fees by copy id.
 */
export async function quotesAndFees(db: Queryable, groupId: number, enquiryIds: number[]) {
  const [{ job, quotes }, fees] = await Promise.all([
    quotesWithJob(db, groupId, enquiryIds),
    preparationFeesOf(db, enquiryIds),
  ]);
  return { job, quotes, fees };
}
