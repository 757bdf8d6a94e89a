/**
 * The retention schedule carried out (src/lib/retention.ts, docs/decisions/0052): each
 * rule erases or anonymises what is due at `now` and nothing else, and is a condition on
 * the rows' own state, so a second run finds nothing more to do. Files go through the
 * outbox, as every deletion of a stored object does.
 */
import { and, eq, inArray, isNotNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../../db/client.ts';
import {
  accessLog,
  consents,
  contactMessages,
  customerEnquiries as e,
  documentViews,
  enquiryPhotos,
  evidenceDocuments,
  outbox,
  privacyCases,
  privacyLinks,
  providerApplications,
  rateLimits,
  serviceProviders,
} from '../../../db/schema.ts';
import { RETENTION, type RetentionKey } from '../../lib/retention.ts';
import { enqueueObjectDeletion } from '../jobs/enqueue.ts';
import { deleteProviderIn } from '../providers/delete-provider.ts';
import { anonymiseRequests, deleteSitePhotos, ERASED } from './anonymise-requests.ts';

/** Rows each rule erased, anonymised or deleted in one run. */
export type RetentionReport = Record<RetentionKey, number>;

/** The longest window of a rate limit (hit-rate-limit.ts): a counter's window ends within it. */
const LONGEST_RATE_LIMIT_DAYS = 1;

const ERASED_PAYLOAD = sql`'{"erased": true}'::jsonb`;

export async function applyRetention(
  db: Database,
  { now = new Date() }: { now?: Date | undefined } = {},
): Promise<RetentionReport> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const before = (days: number): SQL => sql`${at} - ${sql.raw(`interval '${days} days'`)}`;

  return db.transaction(async (tx) => {
    /** Deletes the rows whose `column` is more than `days` before `now`; how many went. */
    const deleteOlderThan = async (days: number, table: PgTable, column: PgColumn) =>
      (
        await tx
          .delete(table)
          .where(lt(column, before(days)))
          .returning({ gone: sql`1` })
      ).length;

    const requestIds = (
      await tx
        .select({ id: e.id })
        .from(e)
        .where(
          and(
            isNotNull(e.closedAt),
            lt(e.closedAt, before(RETENTION.requests.days)),
            ne(e.customerEmail, ERASED.email),
          ),
        )
    ).map((r) => r.id);
    const requests = await anonymiseRequests(tx, requestIds, {
      text: 'Erased at the end of its retention period.',
    });

    const photoRequestIds = (
      await tx
        .selectDistinct({ id: enquiryPhotos.enquiryId })
        .from(enquiryPhotos)
        .innerJoin(e, eq(e.id, enquiryPhotos.enquiryId))
        .where(and(isNotNull(e.closedAt), lt(e.closedAt, before(RETENTION.sitePhotos.days))))
    ).map((r) => r.id);
    const sitePhotos = await deleteSitePhotos(tx, photoRequestIds);

    // A provider's document is superseded by a newer one for the same check; it goes a
    // period after the newer one came.
    const superseded = await tx
      .delete(evidenceDocuments)
      .where(
        sql`${evidenceDocuments.providerId} IS NOT NULL AND EXISTS (
          SELECT 1 FROM evidence_documents newer
           WHERE newer.provider_id = ${evidenceDocuments.providerId}
             AND newer.check_type = ${evidenceDocuments.checkType}
             AND (newer.created_at, newer.id) > (${evidenceDocuments.createdAt}, ${evidenceDocuments.id})
             AND newer.created_at < ${before(RETENTION.evidenceDocuments.days)})`,
      )
      .returning({ objectKey: evidenceDocuments.objectKey });
    for (const { objectKey } of superseded) await enqueueObjectDeletion(tx, objectKey);

    const contact = await deleteOlderThan(
      RETENTION.contactMessages.days,
      contactMessages,
      contactMessages.createdAt,
    );

    const mail = await tx
      .update(outbox)
      .set({ payload: ERASED_PAYLOAD, lastError: null })
      .where(
        and(
          inArray(outbox.kind, ['mail', 'password-reset', 'privacy-link']),
          inArray(outbox.status, ['sent', 'failed', 'cancelled']),
          sql`coalesce(${outbox.sentAt}, ${outbox.createdAt}) < ${before(RETENTION.mailBodies.days)}`,
          sql`${outbox.payload} <> ${ERASED_PAYLOAD}`,
        ),
      )
      .returning({ id: outbox.id });

    const counters = await deleteOlderThan(
      RETENTION.rateLimits.days + LONGEST_RATE_LIMIT_DAYS,
      rateLimits,
      rateLimits.windowStart,
    );

    const views = await deleteOlderThan(
      RETENTION.accessLogs.days,
      documentViews,
      documentViews.viewedAt,
    );
    const looks = await deleteOlderThan(RETENTION.accessLogs.days, accessLog, accessLog.at);

    const cases = await tx
      .delete(privacyCases)
      .where(
        and(
          ne(privacyCases.status, 'open'),
          lt(privacyCases.repliedAt, before(RETENTION.privacyCases.days)),
        ),
      )
      .returning({ id: privacyCases.id });

    const withdrawn = await deleteOlderThan(
      RETENTION.withdrawnConsents.days,
      consents,
      consents.withdrawnAt,
    );

    const links = await deleteOlderThan(
      RETENTION.privacyLinks.days,
      privacyLinks,
      privacyLinks.expiresAt,
    );

    // An application's documents go with it (the foreign key cascades): their files first.
    const rejected = await tx
      .select({ id: providerApplications.id, profileImage: providerApplications.profileImage })
      .from(providerApplications)
      .where(
        and(
          eq(providerApplications.status, 'rejected'),
          lt(providerApplications.reviewedAt, before(RETENTION.rejectedApplications.days)),
        ),
      );
    await deleteApplications(tx, rejected);

    // A provider that closed its account (docs/decisions/0053) and is still unlisted goes,
    // with its applications, once the checks' period is over.
    const closed = await tx
      .select({ id: serviceProviders.id })
      .from(serviceProviders)
      .where(
        and(
          eq(serviceProviders.isApproved, false),
          lt(serviceProviders.closedAt, before(RETENTION.closedProviderAccounts.days)),
        ),
      );
    for (const { id } of closed) {
      await deleteApplications(
        tx,
        await tx
          .select({ id: providerApplications.id, profileImage: providerApplications.profileImage })
          .from(providerApplications)
          .where(eq(providerApplications.providerId, id)),
      );
      await deleteProviderIn(tx, id);
    }

    return {
      requests,
      sitePhotos,
      evidenceDocuments: superseded.length,
      contactMessages: contact,
      mailBodies: mail.length,
      rateLimits: counters,
      accessLogs: views + looks,
      privacyLinks: links,
      privacyCases: cases.length,
      withdrawnConsents: withdrawn,
      rejectedApplications: rejected.length,
      closedProviderAccounts: closed.length,
    };
  });
}

/** Applications and their documents (rows by the foreign key, files through the outbox). */
async function deleteApplications(
  tx: Transaction,
  applications: { id: number; profileImage: string | null }[],
) {
  if (applications.length === 0) return;
  const ids = applications.map((a) => a.id);
  const documents = await tx
    .select({ objectKey: evidenceDocuments.objectKey })
    .from(evidenceDocuments)
    .where(inArray(evidenceDocuments.applicationId, ids));
  await tx.delete(providerApplications).where(inArray(providerApplications.id, ids));
  for (const { objectKey } of documents) await enqueueObjectDeletion(tx, objectKey);
  for (const { profileImage } of applications) {
    if (profileImage?.startsWith('/objects/')) {
      await enqueueObjectDeletion(tx, profileImage.slice('/objects/'.length));
    }
  }
}
