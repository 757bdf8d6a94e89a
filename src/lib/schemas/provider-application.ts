/**
 * A provider application (spec sections 5 and 7: POST /api/provider-applications). The
 * join form validates with ApplicationFormSchema (with the terms, privacy and checks
 * boxes); the API with ApplicationSchema (the client sends the consent's version in place
 * of the checks box and removes the other flags). It also carries what the checks need: the
 * business type, CIPC and PSIRA numbers, the insurance, documents, and the consent.
 */
import * as z from 'zod/mini';
import { saToday } from '../calendar-days.ts';
import {
  checkApplies,
  checkDefinition,
  CHECK_TYPES,
  keepsDocuments,
  LEGAL_FORMS,
  NO_CRIMINAL_RECORD_DOCUMENTS,
  offersSecurityServices,
  type LegalForm,
} from '../catalog/checks.ts';
import { CHECKS_CONSENT } from '../catalog/consent.ts';
import { DOCUMENT_NAME_MAX_LENGTH } from '../uploads.ts';
import { UPLOAD_REFERENCE_MAX_LENGTH } from '../uploads.ts';
import { listingFields, optionalText, preprocess, requiredText } from './fields.ts';
import { coverAmountRand, optionalDay } from './verification.ts';

/** Documents an application may carry: one per check, a few checks at most. */
export const APPLICATION_DOCUMENTS_MAX = 6;

export const ApplicationDocumentSchema = z.object({
  checkType: z.enum(CHECK_TYPES, 'Unknown check type'),
  /** The upload URL the document was sent to. */
  upload: requiredText('Please upload the document again', UPLOAD_REFERENCE_MAX_LENGTH),
  fileName: requiredText('The document needs a file name', DOCUMENT_NAME_MAX_LENGTH),
});

export const APPLICATION_MESSAGES = {
  legalForm: 'Please select the business type',
  cipcRequired: 'CIPC registration number is required for a registered company',
  psiraRequired: 'PSIRA registration number is required for CCTV, alarms or access control',
  psiraExpiryRequired: 'PSIRA certificate expiry is required',
  psiraExpired: 'This PSIRA certificate has expired: renew it before you apply',
  psiraNotApplicable: 'PSIRA registration applies only to CCTV, alarms or access control',
  cipcNotApplicable: 'A CIPC number applies only to a registered company',
  insuranceExpired: 'This insurance has expired',
  consent: 'You must agree to the verification checks',
} as const;

const applicationFields = {
  businessName: listingFields.businessName,
  contactName: requiredText('Contact person is required', 120),
  email: listingFields.email,
  phone: listingFields.phone,
  location: requiredText('City/area is required', 120),
  province: listingFields.province,
  physicalAddress: requiredText('Physical address is required', 300),
  services: listingFields.services,
  yearsExperience: preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number('Years of experience is required')
      .check(
        z.int('Years of experience must be a whole number'),
        z.gte(0, 'Years of experience must be 0 or greater'),
        z.lte(100, 'Years of experience must be at most 100'),
      ),
  ),
  businessLicense: optionalText(100),
  insurance: optionalText(200),
  previousWork: optionalText(2000),
  /** Optional: what the public profile says about the business (none if left out). */
  description: optionalText(2000),
  website: preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.optional(listingFields.website.check(z.maxLength(300))),
  ),
  /** The upload URL of the profile picture, if one was uploaded. */
  profileImage: optionalText(UPLOAD_REFERENCE_MAX_LENGTH),
  legalForm: z.enum(LEGAL_FORMS, APPLICATION_MESSAGES.legalForm),
  /** Free text as the register writes it: no invented format. */
  cipcNumber: optionalText(40),
  psiraNumber: optionalText(40),
  psiraValidUntil: optionalDay('PSIRA certificate expiry must be a date (YYYY-MM-DD)'),
  insurer: optionalText(100),
  insuranceCover: preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z.optional(coverAmountRand),
  ),
  insuranceValidUntil: optionalDay('Insurance expiry must be a date (YYYY-MM-DD)'),
  documents: z._default(
    z
      .array(ApplicationDocumentSchema)
      .check(
        z.maxLength(APPLICATION_DOCUMENTS_MAX, `At most ${APPLICATION_DOCUMENTS_MAX} documents`),
      ),
    [],
  ),
};

interface CheckFacts {
  services: readonly string[];
  legalForm: LegalForm;
  cipcNumber?: string | undefined;
  psiraNumber?: string | undefined;
  psiraValidUntil?: string | null | undefined;
  insuranceValidUntil?: string | null | undefined;
  documents: { checkType: (typeof CHECK_TYPES)[number] }[];
}

/** What the checks need, by the services and the business type: one rule for form and API. */
function checkFacts(application: CheckFacts, ctx: z.core.$RefinementCtx) {
  const issue = (path: string | (string | number)[], message: string) =>
    ctx.addIssue({ code: 'custom', path: Array.isArray(path) ? path : [path], message });
  const today = saToday();
  const security = offersSecurityServices(application.services);
  const company = application.legalForm === 'company';
  if (company && !application.cipcNumber) issue('cipcNumber', APPLICATION_MESSAGES.cipcRequired);
  if (!company && application.cipcNumber) {
    issue('cipcNumber', APPLICATION_MESSAGES.cipcNotApplicable);
  }
  if (security) {
    if (!application.psiraNumber) issue('psiraNumber', APPLICATION_MESSAGES.psiraRequired);
    if (!application.psiraValidUntil) {
      issue('psiraValidUntil', APPLICATION_MESSAGES.psiraExpiryRequired);
    } else if (application.psiraValidUntil < today) {
      issue('psiraValidUntil', APPLICATION_MESSAGES.psiraExpired);
    }
  } else if (
    application.services.length > 0 &&
    (application.psiraNumber || application.psiraValidUntil)
  ) {
    issue('psiraNumber', APPLICATION_MESSAGES.psiraNotApplicable);
  }
  if (application.insuranceValidUntil && application.insuranceValidUntil < today) {
    issue('insuranceValidUntil', APPLICATION_MESSAGES.insuranceExpired);
  }
  application.documents.forEach(({ checkType }, index) => {
    if (!keepsDocuments(checkType)) {
      issue(['documents', index, 'checkType'], NO_CRIMINAL_RECORD_DOCUMENTS);
    } else if (!checkApplies(checkType, application.services, application.legalForm)) {
      issue(
        ['documents', index, 'checkType'],
        `${checkDefinition(checkType).label} does not apply to this business`,
      );
    }
  });
}

/**
 * The fields the check rules read. The rules run whenever these are valid, even while
 * another field is not (zod skips an object's refinements after a missing field), so a
 * first submit shows every message at once.
 */
const checkFactFields = z.object({
  services: applicationFields.services,
  legalForm: applicationFields.legalForm,
  cipcNumber: applicationFields.cipcNumber,
  psiraNumber: applicationFields.psiraNumber,
  psiraValidUntil: applicationFields.psiraValidUntil,
  insuranceValidUntil: applicationFields.insuranceValidUntil,
  documents: applicationFields.documents,
});
const whenFactsAreValid = {
  when: ({ value }: { value: unknown }) => checkFactFields.safeParse(value).success,
};

export const ApplicationSchema = z
  .object({
    ...applicationFields,
    consentVersion: z.literal(CHECKS_CONSENT.version, APPLICATION_MESSAGES.consent),
  })
  .check(z.superRefine(checkFacts, whenFactsAreValid));

export const ApplicationFormSchema = z
  .object({
    ...applicationFields,
    acceptTerms: z.literal(true, 'You must accept the terms and conditions'),
    acceptPrivacy: z.literal(true, 'You must accept the privacy policy'),
    acceptChecks: z.literal(true, APPLICATION_MESSAGES.consent),
  })
  .check(z.superRefine(checkFacts, whenFactsAreValid));

export type Application = z.output<typeof ApplicationSchema>;
export type ApplicationFormInput = z.input<typeof ApplicationFormSchema>;
