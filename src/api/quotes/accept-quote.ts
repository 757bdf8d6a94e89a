import { and, asc, eq, inArray, max, ne, notInArray, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../../db/client.ts';
import {
  customerEnquiries as e,
  jobs,
  quotes as q,
  serviceProviders as p,
} from '../../../db/schema.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { CLOSED_STATUSES } from '../requests/get-request-status.ts';
import { groupReference } from '../requests/request-group.ts';
import { TODAY } from '../verification/verified-sql.ts';
import { customerGroup } from './customer-group.ts';
import {
  acceptanceConfirmedMessage,
  customerLinks,
  quoteAcceptedMessage,
  quoteNotChosenMessage,
} from './quote-mails.ts';

export const ACCEPT_MESSAGES = {
  notFound: 'Quote not found',
  superseded:
    'The provider has sent a newer version of this quote: compare and accept the newest one.',
  expired: 'This quote has expired: ask the provider for a new one.',
  declined: 'You declined this quote: it can no longer be accepted.',
  closed: 'This request is closed: its quotes can no longer be accepted.',
  movedOn: 'This quote is from a provider that no longer has the request.',
  acceptedAlready: 'You accepted this quote already.',
  otherAccepted: 'You accepted another quote for this request already.',
  accepted: 'You accepted the quote. The provider has been told, and so have the others.',
} as const;

/**
 * The reason a copy whose provider was not chosen is closed with: its provider's
 * dashboard shows it, the customer's page too.
 */
export const NOT_CHOSEN_REASON = "Another provider's quote was accepted.";

/** The quote a customer answers, one of its group's copies' (404 for any other). */
export async function quoteOfGroup(
  db: Queryable,
  { quoteId, copyIds }: { quoteId: number; copyIds: number[] },
) {
  const [quote] = await db
    .select({
      id: q.id,
      version: q.version,
      enquiryId: q.enquiryId,
      providerId: q.providerId,
      totalCents: q.totalCents,
      declined: sql<boolean>`${q.declinedAt} IS NOT NULL`,
      expired: sql<boolean>`${q.validUntil} < ${TODAY}`,
    })
    .from(q)
    .where(and(eq(q.id, quoteId), inArray(q.enquiryId, copyIds)));
  if (!quote) throw new AppError('not_found', ACCEPT_MESSAGES.notFound);
  return quote;
}

/** Whether the provider has sent a newer version of this quote on its copy since. */
export async function superseded(
  db: Queryable,
  quote: { enquiryId: number; version: number },
): Promise<boolean> {
  const [{ latest } = { latest: quote.version }] = await db
    .select({ latest: max(q.version) })
    .from(q)
    .where(eq(q.enquiryId, quote.enquiryId));
  return (latest ?? quote.version) > quote.version;
}

/**
 * The customer accepts one quote version of their request group, exactly once. The
 * group's copies are locked first, so a revision being sent waits or is waited for; the
 * newest version only, in date, not declined, on an open copy whose provider wrote it
 * (409 otherwise, the reason in words). The group's job row is the acceptance: its group
 * id is unique, so of two acceptances at once (a double click, a second device) the
 * second finds it taken and answers 409. The accepted copy goes in progress; the other
 * copies are closed with NOT_CHOSEN_REASON and their providers told at once, politely;
 * the winning provider and the customer are mailed, the customer with the agreed job's
 * PDF.
 */
export async function acceptQuote(
  db: Database,
  { token, quoteId, siteUrl }: { token: string; quoteId: number; siteUrl: string },
) {
  const { groupId, copyIds } = await customerGroup(db, token);
  return db.transaction(async (tx) => {
    const quote = await quoteOfGroup(tx, { quoteId, copyIds });
    // Every copy of the group, locked in the order of their ids: an acceptance closes the
    // others, so two at once on different copies would otherwise each wait for the other.
    const copies = await tx
      .select()
      .from(e)
      .where(inArray(e.id, copyIds))
      .orderBy(asc(e.id))
      .for('update');
    const copy = copies.find((row) => row.id === quote.enquiryId);
    if (!copy) throw new AppError('not_found', ACCEPT_MESSAGES.notFound);

    const [taken] = await tx
      .select({ quoteId: jobs.quoteId })
      .from(jobs)
      .where(eq(jobs.groupId, groupId));
    if (taken) {
      throw new AppError(
        'conflict',
        taken.quoteId === quote.id
          ? ACCEPT_MESSAGES.acceptedAlready
          : ACCEPT_MESSAGES.otherAccepted,
      );
    }
    if (CLOSED_STATUSES.includes(copy.status))
      throw new AppError('conflict', ACCEPT_MESSAGES.closed);
    if (quote.providerId === null || quote.providerId !== copy.assignedProviderId) {
      throw new AppError('conflict', ACCEPT_MESSAGES.movedOn);
    }
    if (await superseded(tx, quote)) throw new AppError('conflict', ACCEPT_MESSAGES.superseded);
    if (quote.declined) throw new AppError('conflict', ACCEPT_MESSAGES.declined);
    if (quote.expired) throw new AppError('conflict', ACCEPT_MESSAGES.expired);

    const [job] = await tx
      .insert(jobs)
      .values({
        groupId,
        enquiryId: quote.enquiryId,
        quoteId: quote.id,
        providerId: quote.providerId,
      })
      .onConflictDoNothing()
      .returning({ id: jobs.id, acceptedAt: jobs.acceptedAt });
    // Another acceptance committed between the look above and this insert.
    if (!job) throw new AppError('conflict', ACCEPT_MESSAGES.otherAccepted);

    await tx
      .update(e)
      .set({ status: 'in_progress' })
      .where(and(eq(e.id, quote.enquiryId), inArray(e.status, ['new', 'assigned'])));
    const others = await tx
      .update(e)
      .set({ status: 'cancelled', cancelReason: NOT_CHOSEN_REASON })
      .where(
        and(
          inArray(e.id, copyIds),
          ne(e.id, quote.enquiryId),
          notInArray(e.status, [...CLOSED_STATUSES]),
        ),
      )
      .returning({ providerId: e.assignedProviderId });

    const reference = groupReference(copy);
    const dashboardUrl = new URL('/dashboard', siteUrl).href;
    const providerIds = [
      quote.providerId,
      ...others.flatMap(({ providerId }) => (providerId === null ? [] : [providerId])),
    ];
    const providers = await tx
      .select({ id: p.id, name: p.name, email: p.email })
      .from(p)
      .where(inArray(p.id, providerIds));
    for (const provider of providers) {
      await enqueueMail(
        tx,
        provider.id === quote.providerId
          ? quoteAcceptedMessage(
              provider,
              { reference, version: quote.version, totalCents: quote.totalCents },
              `${dashboardUrl}?enquiry=${quote.enquiryId}`,
            )
          : quoteNotChosenMessage(provider, { reference }, dashboardUrl),
      );
    }
    const chosen = providers.find((provider) => provider.id === quote.providerId);
    if (copy.emailConfirmedAt && chosen) {
      const links = await customerLinks(tx, { enquiryId: quote.enquiryId, siteUrl });
      await enqueueMail(
        tx,
        acceptanceConfirmedMessage(
          copy,
          { providerName: chosen.name, version: quote.version, totalCents: quote.totalCents },
          { reference, statusUrl: links.statusUrl, pdfUrl: links.jobPdfUrl() },
        ),
      );
    }
    return {
      message: ACCEPT_MESSAGES.accepted,
      job: { id: job.id, quoteId: quote.id, version: quote.version, acceptedAt: job.acceptedAt },
    };
  });
}
