/** What an admin records for a check (PUT /api/admin/providers/{id}/checks/{type}). */
import * as z from 'zod/mini';
import { CHECK_STATUSES, CHECK_TYPES, NO_CRIMINAL_RECORD_DOCUMENTS } from '../catalog/checks.ts';
import { DOCUMENT_NAME_MAX_LENGTH, UPLOAD_REFERENCE_MAX_LENGTH } from '../uploads.ts';
import { optionalText, preprocess, requiredText } from './fields.ts';

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A calendar day, 'YYYY-MM-DD', that exists (no 31 February). */
const day = (message: string) =>
  z.string(message).check(
    z.regex(DAY, message),
    z.refine((value) => {
      // Runs even after the pattern failed (zod 4): an impossible date must not throw.
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, message),
  );

export const optionalDay = (message: string) =>
  preprocess((v) => (v === '' ? undefined : v), z.optional(z.nullable(day(message))));

/** An evidence document as a form sends it: where it was uploaded and its file name. */
export const DocumentUploadSchema = z.object({
  upload: requiredText('Please upload the document', UPLOAD_REFERENCE_MAX_LENGTH, {
    tooLong: 'Please upload the document again',
  }),
  fileName: requiredText('The document needs a file name', DOCUMENT_NAME_MAX_LENGTH),
});

/** Documents an admin attaches to one recorded outcome, at most. */
export const CHECK_DOCUMENTS_MAX = 3;

/** An insurance cover in whole rand: the application's and the admin's check alike. */
export const coverAmountRand = z
  .number('Cover amount must be a number of rand')
  .check(
    z.int('Cover amount must be a whole number of rand'),
    z.gte(1, 'Cover amount must be more than R0'),
    z.lte(1_000_000_000, 'Cover amount must be at most R1 000 000 000'),
  );

export const checkTypeParam = z.enum(CHECK_TYPES, 'Unknown check type');

export const RecordCheckSchema = z
  .object({
    status: z.enum(CHECK_STATUSES, 'Status must be pending, passed, failed or not_applicable'),
    /** Free text as the register writes it. */
    reference: optionalText(100),
    insurer: optionalText(100),
    coverAmount: preprocess(
      (v) => (v === '' ? undefined : v),
      z.optional(z.nullable(coverAmountRand)),
    ),
    /** The day it was checked; today when not given. */
    checkedOn: optionalDay('Checked on must be a date (YYYY-MM-DD)'),
    /** The last day a pass counts. */
    validUntil: optionalDay('Valid until must be a date (YYYY-MM-DD)'),
    notes: optionalText(2000),
    /** Evidence uploaded with this outcome (private; admins only). */
    documents: z._default(
      z
        .array(DocumentUploadSchema)
        .check(
          z.maxLength(CHECK_DOCUMENTS_MAX, `At most ${CHECK_DOCUMENTS_MAX} documents at once`),
        ),
      [],
    ),
  })
  .check(
    z.superRefine((check, ctx) => {
      if (check.status === 'passed' && !check.validUntil) {
        ctx.addIssue({
          code: 'custom',
          path: ['validUntil'],
          message: 'A passed check needs the last day it is valid',
        });
      }
    }),
  );

export type RecordCheck = z.output<typeof RecordCheckSchema>;

/** Rows a verification queue answers at most, the oldest deadline first. */
export const VERIFICATION_QUEUE_LIMIT = 200;

export const VERIFICATION_QUEUES = ['expiring', 'expired', 'waiting'] as const;
export type VerificationQueue = (typeof VERIFICATION_QUEUES)[number];
export const VerificationQueueQuerySchema = z.object({
  queue: z.enum(VERIFICATION_QUEUES, 'Queue must be expiring, expired or waiting'),
});

/**
 * A provider's renewed certificate (POST /api/provider/checks/{type}/renewals): the
 * document, its new expiry and reference as the provider states them. It waits for an
 * admin; the current record counts until it expires.
 */
export const RenewalSchema = z.object({
  document: DocumentUploadSchema,
  validUntil: z.pipe(
    z
      .string('Please enter the new expiry date')
      .check(z.minLength(1, 'Please enter the new expiry date')),
    day('The new expiry must be a date (YYYY-MM-DD)'),
  ),
  reference: optionalText(100),
});
export type Renewal = z.output<typeof RenewalSchema>;

export const RENEWAL_MESSAGES = {
  expired: 'The new expiry must be today or later',
  notYours: 'This check does not apply to your business',
  noDocuments: NO_CRIMINAL_RECORD_DOCUMENTS,
  byOurTeam: 'Our team renews this check itself: there is nothing to upload',
} as const;
