import { and, eq, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../../db/client.ts';
import { evidenceDocuments, providerChecks, serviceProviders } from '../../../db/schema.ts';
import { formatDay, saToday } from '../../lib/calendar-days.ts';
import {
  checkApplies,
  checkDefinition,
  keepsDocuments,
  NO_CRIMINAL_RECORD_DOCUMENTS,
  requiredChecks,
  type CheckType,
} from '../../lib/catalog/checks.ts';
import type { RecordCheck } from '../../lib/schemas/verification.ts';
import { AppError, fieldRefusal } from '../errors.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { verifiedBadgeMessage } from '../mail/messages.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { claimDocument } from '../uploads/claim-document.ts';
import { getAdminChecks } from './get-admin-checks.ts';
import { providerCheckFacts } from './provider-check-facts.ts';
import { providerIsVerified } from './verified-sql.ts';

/** Whether the provider is verified today (its verified_until, kept by the checks' trigger). */
async function isVerified(tx: Queryable, providerId: number): Promise<boolean> {
  const [provider] = await tx
    .select({ verified: providerIsVerified })
    .from(serviceProviders)
    .where(eq(serviceProviders.id, providerId));
  return provider?.verified ?? false;
}

/**
 * When a check record makes the badge show, the provider is mailed so: the first time
 * only (the outbox's once key), not when a lapsed badge comes back with a renewal.
 */
async function mailFirstBadge(tx: Queryable, providerId: number, siteUrl: string) {
  const [provider] = await tx
    .select({
      name: serviceProviders.name,
      email: serviceProviders.email,
      verifiedUntil: sql<string>`${serviceProviders.verifiedUntil}::text`,
      verified: providerIsVerified,
    })
    .from(serviceProviders)
    .where(eq(serviceProviders.id, providerId));
  if (!provider?.verified) return;
  await enqueueMail(
    tx,
    verifiedBadgeMessage(provider, {
      verifiedUntil: formatDay(provider.verifiedUntil),
      pageUrl: new URL(`/provider/${providerId}`, siteUrl).href,
    }),
    { onceKey: `verified-badge:${providerId}` },
  );
}

const refuse = (field: string, message: string) => fieldRefusal('bad_request', message, field);

/**
 * An admin records a check's outcome (one record per provider and check type, replaced
 * by each new outcome), with any evidence uploaded for it; documents of the check that
 * were waiting (a renewal, an application's) are reviewed by it. The provider's badge
 * follows from the records by itself.
 */
export async function recordCheck(
  db: Database,
  objects: ObjectStore,
  {
    adminId,
    providerId,
    type,
    input,
    siteUrl,
    today = saToday(),
  }: {
    adminId: number;
    providerId: number;
    type: CheckType;
    input: RecordCheck;
    /** For the link in the "You are Verified" mail. */
    siteUrl: string;
    today?: string;
  },
) {
  const provider = await providerCheckFacts(db, providerId);
  const { label, required } = checkDefinition(type);
  if (!checkApplies(type, provider.services, provider.legalForm)) {
    throw new AppError(
      'bad_request',
      required === 'security services'
        ? `${label} applies only to providers of CCTV, alarms or access control`
        : `${label} applies only to registered companies, not sole traders`,
    );
  }
  if (
    input.status === 'not_applicable' &&
    requiredChecks(provider.services, provider.legalForm).includes(type)
  ) {
    throw refuse('status', `${label} is required for this provider: it cannot be not applicable`);
  }
  if (input.documents.length > 0 && !keepsDocuments(type)) {
    throw refuse('documents', NO_CRIMINAL_RECORD_DOCUMENTS);
  }
  const passed = input.status === 'passed';
  const checkedOn = input.checkedOn ?? today;
  if (checkedOn > today) throw refuse('checkedOn', 'Checked on cannot be in the future');
  if (passed) {
    if (!input.validUntil || input.validUntil < today) {
      throw refuse('validUntil', 'A passed check must be valid today or later');
    }
    if (input.validUntil < checkedOn) {
      throw refuse('validUntil', 'Valid until cannot be before the day it was checked');
    }
    if (type === 'insurance' && (!input.insurer || !input.coverAmount)) {
      throw refuse(
        input.insurer ? 'coverAmount' : 'insurer',
        'Public liability insurance needs the insurer and the cover amount',
      );
    }
  }
  const decided = input.status === 'passed' || input.status === 'failed';
  const record = {
    status: input.status,
    reference: input.reference ?? null,
    insurer: type === 'insurance' ? (input.insurer ?? null) : null,
    coverAmount: type === 'insurance' ? (input.coverAmount ?? null) : null,
    notes: input.notes ?? null,
    checkedBy: decided ? adminId : null,
    checkedAt: decided ? new Date(`${checkedOn}T12:00:00+02:00`) : null,
    validUntil: passed ? (input.validUntil ?? null) : null,
  };
  await db.transaction(async (tx) => {
    const verifiedBefore = await isVerified(tx, providerId);
    await tx
      .insert(providerChecks)
      .values({ providerId, checkType: type, ...record })
      .onConflictDoUpdate({
        target: [providerChecks.providerId, providerChecks.checkType],
        set: record,
      });
    const ofThisCheck = and(
      eq(evidenceDocuments.providerId, providerId),
      eq(evidenceDocuments.checkType, type),
    );
    // An outcome left pending reviews nothing: the documents keep waiting.
    if (input.status !== 'pending') {
      await tx
        .update(evidenceDocuments)
        .set({ reviewStatus: 'reviewed', reviewedAt: sql`now()` })
        .where(and(ofThisCheck, eq(evidenceDocuments.reviewStatus, 'waiting')));
    }
    for (const [index, document] of input.documents.entries()) {
      const claimed = await claimDocument(tx, objects, {
        reference: document.upload,
        owner: `admin:${adminId}`,
        field: `documents.${index}.upload`,
      });
      await tx.insert(evidenceDocuments).values({
        providerId,
        checkType: type,
        fileName: document.fileName,
        uploadedBy: 'admin',
        reviewStatus: 'reviewed',
        reviewedAt: sql`now()`,
        ...claimed,
      });
    }
    if (!verifiedBefore) await mailFirstBadge(tx, providerId, siteUrl);
  });
  return getAdminChecks(db, providerId);
}
