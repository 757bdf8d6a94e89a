/**
 * The checks behind the "Verified" badge: what each one is, who does it, how long a pass
 * counts, and for which providers it is required. One place for the rule: the database
 * function `required_check_types` (db/sql/verification.sql) says the
 * same, and tests/api/verification.test.ts holds the two to each other.
 */
import type { ServiceId } from './categories.ts';

export const CHECK_TYPES = [
  'identity',
  'company_registration',
  'psira',
  'insurance',
  'criminal_record',
  'references',
  'saidsa',
  'electrical_registration',
  'electric_fence',
  'icasa',
] as const;
export type CheckType = (typeof CHECK_TYPES)[number];

/** What an admin records for a check. */
export const CHECK_STATUSES = ['pending', 'passed', 'failed', 'not_applicable'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

/** Sole traders have no company registration to check. */
export const LEGAL_FORMS = ['company', 'sole_trader'] as const;
export type LegalForm = (typeof LEGAL_FORMS)[number];
export const LEGAL_FORM_LABELS: Record<LegalForm, string> = {
  company: 'Registered company or close corporation',
  sole_trader: 'Sole trader',
};

/**
 * Installing CCTV, alarms or access control is a security service under the Private
 * Security Industry Regulation Act: the business must be registered with PSIRA.
 */
export const SECURITY_SERVICES: readonly ServiceId[] = ['cctv', 'alarms', 'access'];

type Requirement = 'all' | 'companies' | 'security services' | 'optional';

export interface CheckDefinition {
  type: CheckType;
  label: string;
  /** Plain words for customers: what is checked and how. */
  explanation: string;
  /** Who does the check. */
  checkedBy: string;
  /** How often it is renewed, in words ("Every year", "When the certificate expires"). */
  renewal: string;
  /** Months a pass counts when the check has no certificate expiry of its own. */
  validMonths: number;
  required: Requirement;
  /** The label of its reference number, when it has one. */
  referenceLabel?: string;
  /**
   * Whether the reference is public: only the PSIRA number, which customers confirm on
   * PSIRA's own site (nothing else of the evidence is public).
   */
  publicReference: boolean;
}

export const CHECKS: readonly CheckDefinition[] = [
  {
    type: 'identity',
    label: 'Identity of the owner or director',
    explanation:
      'The owner or a director showed an original South African ID or passport, and the person we spoke to is that person. The ID number is never published.',
    checkedBy: 'Our verification team, against the original document',
    renewal: 'Every three years',
    validMonths: 36,
    required: 'all',
    publicReference: false,
  },
  {
    type: 'company_registration',
    label: 'Company registration (CIPC)',
    explanation:
      'The company is registered with the Companies and Intellectual Property Commission and is in business, not deregistered.',
    checkedBy: 'Our verification team, on the CIPC register',
    renewal: 'Every year',
    validMonths: 12,
    required: 'companies',
    referenceLabel: 'CIPC registration number',
    publicReference: false,
  },
  {
    type: 'psira',
    label: 'PSIRA registration',
    explanation:
      'Installing CCTV, alarms or access control is a security service: the business is registered with the Private Security Industry Regulatory Authority, and its certificate is in date.',
    checkedBy: "Our verification team, on PSIRA's own online verification",
    renewal: 'When the PSIRA certificate expires',
    validMonths: 12,
    required: 'security services',
    referenceLabel: 'PSIRA registration number',
    publicReference: true,
  },
  {
    type: 'insurance',
    label: 'Public liability insurance',
    explanation:
      'The business holds public liability cover, so damage to your property during the work is insured. We saw the policy schedule: insurer, cover amount and expiry.',
    checkedBy: 'Our verification team, from the policy schedule',
    renewal: 'When the policy expires',
    validMonths: 12,
    required: 'all',
    publicReference: false,
  },
  {
    type: 'criminal_record',
    label: 'Criminal record check of the owner',
    explanation:
      'The owner consented to a criminal record check through an accredited screening agency. We keep only the outcome and its date, never the record itself.',
    checkedBy: 'An accredited screening agency, on our request',
    renewal: 'Every year',
    validMonths: 12,
    required: 'all',
    publicReference: false,
  },
  {
    type: 'references',
    label: 'Two customer references',
    explanation:
      'We contacted two customers of recent work ourselves and asked whether the work was done well and as agreed.',
    checkedBy: 'Our verification team, by phone',
    renewal: 'Every two years',
    validMonths: 24,
    required: 'all',
    publicReference: false,
  },
  {
    type: 'saidsa',
    label: 'SAIDSA membership',
    explanation:
      'The business is a member of the South African Intruder Detection Services Association.',
    checkedBy: 'Our verification team, with SAIDSA',
    renewal: 'Every year',
    validMonths: 12,
    required: 'optional',
    referenceLabel: 'SAIDSA membership number',
    publicReference: false,
  },
  {
    type: 'electrical_registration',
    label: 'Electrical contractor registration',
    explanation:
      'The business is a registered electrical contractor and may issue certificates of compliance for the electrical work it does.',
    checkedBy: 'Our verification team, on the Department of Employment and Labour register',
    renewal: 'Every year',
    validMonths: 12,
    required: 'optional',
    referenceLabel: 'Registration number',
    publicReference: false,
  },
  {
    type: 'electric_fence',
    label: 'Electric fence installer certificate',
    explanation:
      'An installer holds the electric fence system certificate that the Electrical Machinery Regulations ask for.',
    checkedBy: 'Our verification team, from the certificate',
    renewal: 'Every year',
    validMonths: 12,
    required: 'optional',
    referenceLabel: 'Certificate number',
    publicReference: false,
  },
  {
    type: 'icasa',
    label: 'ICASA type-approved equipment',
    explanation:
      'The radio and network equipment the business installs is type-approved by the Independent Communications Authority of South Africa.',
    checkedBy: 'Our verification team, on the ICASA type-approval list',
    renewal: 'Every year',
    validMonths: 12,
    required: 'optional',
    publicReference: false,
  },
];

const BY_TYPE = new Map(CHECKS.map((check) => [check.type, check]));

export function checkDefinition(type: CheckType): CheckDefinition {
  const definition = BY_TYPE.get(type);
  if (!definition) throw new Error(`Unknown check type: ${type}`);
  return definition;
}

export function offersSecurityServices(services: readonly string[]): boolean {
  return services.some((service) => (SECURITY_SERVICES as readonly string[]).includes(service));
}

/** The checks a provider must pass to be verified, in catalogue order. */
export function requiredChecks(services: readonly string[], legalForm: LegalForm): CheckType[] {
  return CHECKS.filter(
    ({ required }) =>
      required === 'all' ||
      (required === 'companies' && legalForm === 'company') ||
      (required === 'security services' && offersSecurityServices(services)),
  ).map(({ type }) => type);
}

/**
 * Whether a check may be recorded for this provider at all: optional and required ones
 * may; a PSIRA check for a provider without security services may not, nor a company
 * registration for a sole trader.
 */
export function checkApplies(
  type: CheckType,
  services: readonly string[],
  legalForm: LegalForm,
): boolean {
  const { required } = checkDefinition(type);
  if (required === 'companies') return legalForm === 'company';
  if (required === 'security services') return offersSecurityServices(services);
  return true;
}

/**
 * Checks whose evidence may be uploaded. Not the criminal record check: only its outcome
 * and date are kept, never the record (special personal information under POPIA).
 */
export const keepsDocuments = (type: CheckType) => type !== 'criminal_record';

/**
 * Checks a provider renews by sending a new certificate from the dashboard. Identity,
 * references and the criminal record check are done again by our team instead.
 */
export const renewsByCertificate = (type: CheckType) =>
  keepsDocuments(type) && type !== 'identity' && type !== 'references';

export const NO_CRIMINAL_RECORD_DOCUMENTS =
  'Only the outcome of a criminal record check is kept: please do not upload the record.';

/**
 * PSIRA's own site, where "Business Verification" under Online Services confirms a
 * registration by its number. Its deep links have moved over the years; the home page
 * has not.
 */
export const PSIRA_VERIFICATION_URL = 'https://www.psira.co.za/';
export const PSIRA_VERIFICATION_HINT = 'Online Services, then Business Verification';
