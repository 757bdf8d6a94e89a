import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  jobs,
  quoteLines,
  quotePreparationFees as fees,
  quotes,
  serviceProviders as p,
} from '../../../db/schema.ts';
import {
  depositCents,
  depositWithinCap,
  lineTotalCents,
  quoteTotals,
  VAT_PERCENT,
} from '../../lib/quotes.ts';
import { QUOTE_MESSAGES, type Quote } from '../../lib/schemas/quotes.ts';
import { AppError, fieldRefusal } from '../errors.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { hitRateLimit, type RateLimit } from '../rate-limits/hit-rate-limit.ts';
import { CLOSED_STATUSES } from '../requests/get-request-status.ts';
import { groupReference } from '../requests/request-group.ts';
import { customerLinks, quoteSentMessage } from './quote-mails.ts';
import { groupOf, lockedCopyOfProvider } from './read-quotes.ts';

/** Quotes, revisions and variations a provider may send, all requests together. */
export const QUOTE_RATE_LIMIT: RateLimit = {
  name: 'quote',
  max: 30,
  windowSeconds: 60 * 60,
  message: 'Too many quotes in a short time. Please try again later.',
};

export const QUOTE_CONFLICTS = {
  closed: 'This request is closed: it takes no more quotes.',
  accepted:
    'The customer has accepted a quote: a change of price is now a variation the customer approves.',
} as const;

/** The lines as stored rows, in the order given. */
export function lineRows(
  lines: Quote['lines'],
  owner: { quoteId: number } | { variationId: number },
) {
  return lines.map((line, index) => ({
    ...owner,
    position: index + 1,
    kind: line.kind,
    description: line.description,
    quantity: line.quantity.toFixed(2),
    unit: line.unit,
    unitPriceCents: line.unitPriceCents,
    totalCents: lineTotalCents(line),
  }));
}

/**
 * A provider quotes on its own copy of a request (another's copy: 404): the next
 * version, with VAT at 15 % when the provider is VAT-registered (its registration is kept
 * on the quote as stated), the deposit within the configured cap, and a preparation fee
 * only as the customer agreed it. Refusals name the field and store nothing. The customer
 * is mailed (a confirmed address only) a link to compare and the quote's PDF; the copy's
 * timeline records the response (db/sql/quotes.sql).
 */
export async function sendQuote(
  db: Database,
  {
    providerId,
    enquiryId,
    quote,
    depositCapPercent,
    siteUrl,
  }: {
    providerId: number;
    enquiryId: number;
    quote: Quote;
    depositCapPercent: number;
    siteUrl: string;
  },
) {
  await hitRateLimit(db, QUOTE_RATE_LIMIT, `provider:${providerId}`);
  return db.transaction(async (tx) => {
    const copy = await lockedCopyOfProvider(tx, { enquiryId, providerId });
    if (CLOSED_STATUSES.includes(copy.status)) {
      throw new AppError('conflict', QUOTE_CONFLICTS.closed);
    }
    const [accepted] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(eq(jobs.groupId, groupOf(copy)));
    if (accepted) throw new AppError('conflict', QUOTE_CONFLICTS.accepted);

    const [provider] = await tx
      .select({ name: p.name, vatNumber: p.vatNumber, registeredName: p.registeredName })
      .from(p)
      .where(eq(p.id, providerId));
    if (!provider) throw new AppError('not_found', 'Enquiry not found');
    const vatPercent = provider.vatNumber ? VAT_PERCENT : 0;
    const totals = quoteTotals(quote.lines, vatPercent);
    const deposit = depositCents(
      {
        kind: quote.depositKind,
        amountCents: quote.depositAmountCents,
        percent: quote.depositPercent,
      },
      totals.totalCents,
    );
    const depositField = quote.depositKind === 'share' ? 'depositPercent' : 'depositAmountCents';
    if (deposit > totals.totalCents) {
      throw fieldRefusal('bad_request', QUOTE_MESSAGES.depositAboveTotal, depositField);
    }
    if (!depositWithinCap(deposit, totals.totalCents, depositCapPercent)) {
      const message = QUOTE_MESSAGES.depositCap(depositCapPercent);
      throw fieldRefusal('bad_request', message, depositField);
    }
    if (quote.preparationFeeCents > 0) {
      const [fee] = await tx
        .select({ feeCents: fees.feeCents })
        .from(fees)
        .where(and(eq(fees.enquiryId, enquiryId), sql`${fees.agreedAt} IS NOT NULL`));
      if (fee?.feeCents !== quote.preparationFeeCents) {
        throw new AppError('bad_request', QUOTE_MESSAGES.preparationFeeNotAgreed, {
          preparationFeeCents: QUOTE_MESSAGES.preparationFeeNotAgreed,
        });
      }
    }

    const [{ version } = { version: 1 }] = await tx
      .select({ version: sql<number>`coalesce(max(${quotes.version}), 0)::int + 1` })
      .from(quotes)
      .where(eq(quotes.enquiryId, enquiryId));
    const [stored] = await tx
      .insert(quotes)
      .values({
        enquiryId,
        providerId,
        version,
        providerName: provider.name,
        registeredName: vatPercent > 0 ? provider.registeredName : null,
        vatNumber: vatPercent > 0 ? provider.vatNumber : null,
        vatPercent,
        ...totals,
        validUntil: quote.validUntil,
        earliestStart: quote.earliestStart,
        depositCents: deposit,
        depositPercent: quote.depositKind === 'share' ? (quote.depositPercent ?? null) : null,
        repairWork: quote.repairWork,
        warrantyMonths: quote.warrantyMonths,
        preparationFeeCents: quote.preparationFeeCents,
        note: quote.note ?? null,
      })
      .returning({ id: quotes.id, createdAt: quotes.createdAt });
    if (!stored) throw new Error('quote not stored');
    await tx.insert(quoteLines).values(lineRows(quote.lines, { quoteId: stored.id }));

    let mailed = false;
    if (copy.emailConfirmedAt) {
      const links = await customerLinks(tx, { enquiryId, siteUrl });
      await enqueueMail(
        tx,
        quoteSentMessage(
          copy,
          { providerName: provider.name, version, ...totals, validUntil: quote.validUntil },
          {
            reference: groupReference(copy),
            statusUrl: links.statusUrl,
            pdfUrl: links.quotePdfUrl(stored.id),
          },
        ),
        // A revision sent before the last one went out replaces it.
        { topic: `quote:${enquiryId}` },
      );
      mailed = true;
    }
    return { id: stored.id, version, ...totals, depositCents: deposit, mailed };
  });
}
