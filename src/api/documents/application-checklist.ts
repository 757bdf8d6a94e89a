import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { providerApplications as a } from '../../../db/schema.ts';
import {
  CHECKS,
  checkApplies,
  requiredChecks,
  type CheckType,
  type LegalForm,
} from '../../lib/catalog/checks.ts';
import { AppError } from '../errors.ts';
import { listDocuments, type DocumentSummary } from './list-documents.ts';

/** What an applicant stated for one check, before anyone checked it. */
export interface StatedFacts {
  reference: string | null;
  validUntil: string | null;
  insurer: string | null;
  coverAmount: number | null;
}

export interface ChecklistItem {
  type: CheckType;
  label: string;
  required: boolean;
  stated: StatedFacts | null;
  documents: DocumentSummary[];
}

type ApplicationFacts = {
  legalForm: LegalForm | null;
  cipcNumber: string | null;
  psiraNumber: string | null;
  psiraValidUntil: string | null;
  insurer: string | null;
  insuranceCover: number | null;
  insuranceValidUntil: string | null;
};

/** The facts an application states for a check (CIPC, PSIRA, insurance), if any. */
export function statedFacts(application: ApplicationFacts, type: CheckType): StatedFacts | null {
  const facts: StatedFacts | null =
    type === 'company_registration'
      ? { reference: application.cipcNumber, validUntil: null, insurer: null, coverAmount: null }
      : type === 'psira'
        ? {
            reference: application.psiraNumber,
            validUntil: application.psiraValidUntil,
            insurer: null,
            coverAmount: null,
          }
        : type === 'insurance'
          ? {
              reference: null,
              validUntil: application.insuranceValidUntil,
              insurer: application.insurer,
              coverAmount: application.insuranceCover,
            }
          : null;
  return facts && Object.values(facts).some((value) => value !== null) ? facts : null;
}

/** Applications from before the business type was asked stated none: a company, as providers default. */
export const legalFormOf = (application: { legalForm: LegalForm | null }): LegalForm =>
  application.legalForm ?? 'company';

/**
 * The application review's checklist: every check its services and business type
 * require (then optional ones it sent documents for), with what the applicant stated
 * and the documents, and the consent to the checks.
 */
export async function getApplicationChecklist(db: Database, applicationId: number) {
  const [application] = await db
    .select({
      services: a.services,
      legalForm: a.legalForm,
      cipcNumber: a.cipcNumber,
      psiraNumber: a.psiraNumber,
      psiraValidUntil: sql<string | null>`${a.psiraValidUntil}::text`,
      insurer: a.insurer,
      insuranceCover: a.insuranceCover,
      insuranceValidUntil: sql<string | null>`${a.insuranceValidUntil}::text`,
      consentVersion: a.consentVersion,
      consentedAt: a.consentedAt,
    })
    .from(a)
    .where(eq(a.id, applicationId));
  if (!application) throw new AppError('not_found', 'Application not found');
  const documents = await listDocuments(db, { applicationId });
  const legalForm = legalFormOf(application);
  const required = new Set(requiredChecks(application.services, legalForm));
  const checks: ChecklistItem[] = CHECKS.filter(
    ({ type }) =>
      required.has(type) ||
      (checkApplies(type, application.services, legalForm) &&
        documents.some((document) => document.checkType === type)),
  ).map(({ type, label }) => ({
    type,
    label,
    required: required.has(type),
    stated: statedFacts(application, type),
    documents: documents.filter((document) => document.checkType === type),
  }));
  return {
    legalForm: application.legalForm,
    consent: application.consentVersion
      ? { version: application.consentVersion, at: application.consentedAt }
      : null,
    checks,
  };
}
