import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { adminUsers, providerChecks as c, serviceProviders as p } from '../../../db/schema.ts';
import { CHECKS, checkApplies, requiredChecks } from '../../lib/catalog/checks.ts';
import { listDocuments } from '../documents/list-documents.ts';
import { AppError } from '../errors.ts';
import { checkedOnDay, providerVerificationStatus, TODAY, validUntilDay } from './verified-sql.ts';

/**
 * The admin's Verification screen of one provider: every check in the catalogue that
 * applies to it, required first, with its record (or none yet), notes included, and its
 * evidence documents with who viewed them.
 */
export async function getAdminChecks(db: Database, providerId: number) {
  const [[provider], rows, documents] = await Promise.all([
    db
      .select({
        id: p.id,
        name: p.name,
        services: p.services,
        legalForm: p.legalForm,
        status: providerVerificationStatus,
        verifiedUntil: sql<string | null>`CASE WHEN ${p.verifiedUntil} = '-infinity'::date
          THEN NULL ELSE ${p.verifiedUntil}::text END`,
      })
      .from(p)
      .where(eq(p.id, providerId)),
    db
      .select({
        type: c.checkType,
        status: c.status,
        reference: c.reference,
        insurer: c.insurer,
        coverAmount: c.coverAmount,
        checkedOn: checkedOnDay,
        checkedBy: sql<
          string | null
        >`CASE WHEN ${adminUsers.id} IS NULL THEN NULL ELSE ${adminUsers.firstName} || ' ' || ${adminUsers.lastName} END`,
        validUntil: validUntilDay,
        expired: sql<boolean>`coalesce(${c.validUntil} < ${TODAY}, false)`,
        notes: c.notes,
        updatedAt: c.updatedAt,
      })
      .from(c)
      .leftJoin(adminUsers, eq(adminUsers.id, c.checkedBy))
      .where(eq(c.providerId, providerId))
      .orderBy(asc(c.id)),
    listDocuments(db, { providerId }),
  ]);
  if (!provider) throw new AppError('not_found', 'Provider not found');
  const required = new Set(requiredChecks(provider.services, provider.legalForm));
  const records = new Map(rows.map(({ type, ...record }) => [type, record]));
  const checks = CHECKS.filter(({ type }) =>
    checkApplies(type, provider.services, provider.legalForm),
  )
    .map(({ type, label, referenceLabel }) => ({
      type,
      label,
      referenceLabel: referenceLabel ?? null,
      required: required.has(type),
      record: records.get(type) ?? null,
      /** Evidence, newest first; a renewal the provider sent is 'waiting'. */
      documents: documents.filter((document) => document.checkType === type),
    }))
    .sort((a, b) => Number(b.required) - Number(a.required));
  return { provider, checks };
}
