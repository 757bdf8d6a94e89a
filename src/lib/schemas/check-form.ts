/**
 * The admin's form for one check's outcome (the Verification screen): the fields as
 * typed, turned into the body of PUT /api/admin/providers/{id}/checks/{type} and checked
 * with that body's own schema (RecordCheckSchema), so the form and the API share every
 * rule and message. The rules that need today or the check type (a pass valid today or
 * later, insurance needs its insurer and cover) are the server's: the form shows its
 * answer next to the field.
 */
import * as z from 'zod/mini';
import { addDays, addMonths } from '../calendar-days.ts';
import {
  CHECK_STATUSES,
  checkDefinition,
  type CheckStatus,
  type CheckType,
} from '../catalog/checks.ts';
import { RecordCheckSchema, type RecordCheck } from './verification.ts';

export const CHECK_STATUS_LABELS: Record<CheckStatus, string> = {
  pending: 'Pending',
  passed: 'Passed',
  failed: 'Failed',
  not_applicable: 'Not applicable',
};

/** Only a decided check has a day it was checked; only a pass has a last valid day. */
export const hasCheckedOn = (status: CheckStatus) => status === 'passed' || status === 'failed';
export const hasValidUntil = (status: CheckStatus) => status === 'passed';

/** "R 5 000 000", "5,000,000" or "5000000": the digits the admin meant, else NaN. */
function rand(text: string): number | undefined {
  const digits = text.replace(/[\s,]/g, '').replace(/^R/i, '');
  return digits === '' ? undefined : Number(digits);
}

const blankToUndefined = (text: string) => (text.trim() === '' ? undefined : text);

/** The fields as typed, turned into the API's body. */
const CheckFormInput = z.object({
  status: z.enum(CHECK_STATUSES),
  reference: z.string(),
  insurer: z.string(),
  coverAmount: z.string(),
  checkedOn: z.string(),
  validUntil: z.string(),
  notes: z.string(),
  /** Evidence uploaded in the form; the API's schema checks each and how many. */
  documents: z.array(z.object({ upload: z.string(), fileName: z.string() })),
});

const CheckFormFields = z.pipe(
  CheckFormInput,
  z.transform((form: z.output<typeof CheckFormInput>) => ({
    status: form.status,
    reference: blankToUndefined(form.reference),
    insurer: blankToUndefined(form.insurer),
    coverAmount: rand(form.coverAmount),
    // Days that do not apply to the outcome are not sent: the server would ignore them.
    checkedOn: hasCheckedOn(form.status) ? blankToUndefined(form.checkedOn) : undefined,
    validUntil: hasValidUntil(form.status) ? blankToUndefined(form.validUntil) : undefined,
    notes: blankToUndefined(form.notes),
    documents: form.documents,
  })),
);

/**
 * The form's schema: its body checked by the API's own schema. That schema takes any
 * input (its fields preprocess unknown values), so taking the form's body is sound; the
 * cast only tells zod's pipe so.
 */
export const CheckFormSchema = z.pipe(
  CheckFormFields,
  RecordCheckSchema as z.ZodMiniType<RecordCheck, z.output<typeof CheckFormFields>>,
);

export type CheckForm = z.input<typeof CheckFormSchema>;

/**
 * The last day a pass counts when the admin does not know better (a certificate's own
 * expiry): the check's validMonths from the day it was checked, less a day, so checked
 * on 12 March 2026 for a year is valid until 11 March 2027.
 */
export function suggestedValidUntil(type: CheckType, checkedOn: string): string {
  return addDays(addMonths(checkedOn, checkDefinition(type).validMonths), -1);
}

interface CurrentRecord {
  status: CheckStatus;
  reference: string | null;
  insurer: string | null;
  coverAmount: number | null;
  validUntil: string | null;
  notes: string | null;
}

/** What a provider states with a renewal waiting for review (an evidence document). */
export interface StatedRenewal {
  reference: string | null;
  validUntil: string | null;
}

/**
 * The newest renewal waiting for review that states something (documents come newest
 * first): its new expiry and reference are the likely outcome of the check.
 */
export function waitingRenewal(
  documents: readonly {
    reviewStatus: 'waiting' | 'reviewed';
    statedReference: string | null;
    statedValidUntil: string | null;
  }[],
): StatedRenewal | undefined {
  const renewal = documents.find(
    (document) =>
      document.reviewStatus === 'waiting' &&
      (document.statedReference !== null || document.statedValidUntil !== null),
  );
  return renewal && { reference: renewal.statedReference, validUntil: renewal.statedValidUntil };
}

/**
 * A certificate's own expiry as stated, not yet checked: a waiting renewal's, else the
 * one an application stated (approval leaves it on a pending record). It stands in for
 * the suggested last valid day.
 */
export function statedValidUntil(
  record: CurrentRecord | null,
  renewal: StatedRenewal | undefined,
): string | null {
  return renewal?.validUntil ?? (record?.status === 'pending' ? record.validUntil : null);
}

/**
 * What the check's current record says, with what a waiting renewal states in place of
 * its reference and expiry; or a new record checked today.
 */
export function checkFormDefaults(
  type: CheckType,
  record: CurrentRecord | null,
  today: string,
  renewal?: StatedRenewal,
): CheckForm {
  return {
    status: record?.status ?? 'pending',
    reference: renewal?.reference ?? record?.reference ?? '',
    insurer: record?.insurer ?? '',
    coverAmount: record === null || record.coverAmount === null ? '' : String(record.coverAmount),
    // A new outcome is checked today: the old record's days belong to the old outcome.
    checkedOn: today,
    validUntil: statedValidUntil(record, renewal) ?? suggestedValidUntil(type, today),
    notes: record?.notes ?? '',
    documents: [],
  };
}
