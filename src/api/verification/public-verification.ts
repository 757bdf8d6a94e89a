import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { providerChecks as c, serviceProviders as p } from '../../../db/schema.ts';
import {
  CHECKS,
  checkDefinition,
  requiredChecks,
  type CheckType,
} from '../../lib/catalog/checks.ts';
import {
  checkedOnDay,
  providerVerificationStatus,
  TODAY,
  validUntilDay,
  type VerificationStatus,
} from './verified-sql.ts';

/**
 * A check as the public sees it. passed: passed and in date; expired: passed, but its
 * last valid day is behind us; pending: anything else (not yet checked, waiting for
 * review, or not passed: the outcome of a failed check is not published).
 */
export interface PublicCheck {
  type: CheckType;
  label: string;
  status: 'passed' | 'expired' | 'pending';
  required: boolean;
  /** The day it was checked (South African date), when it passed. */
  checkedAt: string | null;
  /** The last day the pass counts. */
  validUntil: string | null;
  /** A public register number (CIPC, PSIRA, SAIDSA...), never an ID number. */
  reference?: string;
}

export interface PublicVerification {
  status: VerificationStatus;
  checks: PublicCheck[];
}

/**
 * The Verification section of a provider (GET /api/providers/{id}): every check its
 * services require, then the optional ones it has passed. No notes, no documents, no
 * admin, no reference that is not a public register number.
 */
export async function getPublicVerification(
  db: Database,
  providerId: number,
): Promise<PublicVerification> {
  const [[provider], rows] = await Promise.all([
    db
      .select({
        status: providerVerificationStatus,
        services: p.services,
        legalForm: p.legalForm,
      })
      .from(p)
      .where(eq(p.id, providerId)),
    db
      .select({
        type: c.checkType,
        status: c.status,
        reference: c.reference,
        checkedOn: checkedOnDay,
        validUntil: validUntilDay,
        inDate: sql<boolean>`coalesce(${c.validUntil} >= ${TODAY}, false)`,
      })
      .from(c)
      .where(and(eq(c.providerId, providerId)))
      .orderBy(asc(c.id)),
  ]);
  if (!provider) return { status: 'unverified', checks: [] };
  const required = new Set(requiredChecks(provider.services, provider.legalForm));
  const records = new Map(rows.map((row) => [row.type, row]));
  const checks = CHECKS.filter(
    ({ type }) => required.has(type) || records.get(type)?.status === 'passed',
  ).map(({ type, label }): PublicCheck => {
    const record = records.get(type);
    const passed = record?.status === 'passed';
    const reference = passed && checkDefinition(type).publicReference ? record.reference : null;
    return {
      type,
      label,
      status: passed ? (record.inDate ? 'passed' : 'expired') : 'pending',
      required: required.has(type),
      checkedAt: passed ? record.checkedOn : null,
      validUntil: passed ? record.validUntil : null,
      ...(reference ? { reference } : {}),
    };
  });
  return { status: provider.status, checks };
}
