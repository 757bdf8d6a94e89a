/**
 * Quotes, variations and the agreed job (docs/decisions/0051): what a provider sends and
 * what a customer answers. The bounds and messages live here, for the dashboard's editor,
 * the status page and the API alike. What depends on stored facts (the provider's VAT
 * registration, the deposit cap, an agreed preparation fee) the server checks against
 * them, with the same field names in its answer.
 */
import * as z from 'zod/mini';
import { addDays, saToday } from '../calendar-days.ts';
import {
  DEPOSIT_KINDS,
  QUOTE_LIMITS,
  QUOTE_LINE_KINDS,
  VAT_PERCENT,
  lineTotalCents,
  quantityHundredths,
  quoteTotals,
} from '../quotes.ts';
import { optionalText, requiredText } from './fields.ts';
import { recordId } from './record-id.ts';
import { RequestTokenSchema } from './request-status.ts';

export const QUOTE_MESSAGES = {
  noLines: 'A quote needs at least one line',
  tooManyLines: `At most ${QUOTE_LIMITS.lines} lines`,
  negative: 'An amount cannot be negative',
  unitPriceTooHigh: 'That unit price is too high: at most R1 000 000 a unit',
  lineTooHigh: 'That line comes to more than R5 000 000: check the quantity and price',
  totalTooHigh: 'The quote comes to more than R5 000 000: check the quantities and prices',
  validityPast: 'The quote must be valid until today or later',
  validityTooFar: `A quote may stay open for at most ${QUOTE_LIMITS.validityDays} days`,
  startPast: 'The earliest start cannot be in the past',
  repairWarranty: `Repair or maintenance work carries at least ${QUOTE_LIMITS.repairWarrantyMonths} months' warranty (Consumer Protection Act s57)`,
  depositAmount: 'Give the deposit in rand, more than R0',
  depositShare: 'Give the deposit as a share from 1 to 100 %',
  depositAboveTotal: 'The deposit cannot be more than the total',
  depositCap: (capPercent: number) =>
    `The deposit may be at most ${capPercent} % of the total (Consumer Protection Act s17: a reasonable deposit)`,
  preparationFeeNotAgreed:
    'A fee for preparing the quote counts only when the customer agreed to it before the visit',
  reasonRequired: 'Please give a reason',
  finalTotal: 'Give the final total in rand',
} as const;

/** Whole cents from 0 to `max`. */
const cents = (label: string, max: number, tooHigh: string) =>
  z
    .number(`${label} must be a number`)
    .check(
      z.int(`${label} must be in whole cents`),
      z.gte(0, QUOTE_MESSAGES.negative),
      z.lte(max, tooHigh),
    );

/** A calendar day, 'YYYY-MM-DD', that exists. */
const day = (message: string) =>
  z.string(message).check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, message),
    z.refine(
      (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && addDays(value, 0) === value,
      { message },
    ),
  );

const reason = z
  .string(QUOTE_MESSAGES.reasonRequired)
  .check(
    z.trim(),
    z.minLength(1, QUOTE_MESSAGES.reasonRequired),
    z.maxLength(QUOTE_LIMITS.reasonLength, `At most ${QUOTE_LIMITS.reasonLength} characters`),
  );

export const QuoteLineSchema = z
  .object({
    kind: z.enum(QUOTE_LINE_KINDS, 'Choose labour, materials, call-out or other'),
    description: requiredText('Say what this line is for', QUOTE_LIMITS.descriptionLength),
    quantity: z.number('Quantity must be a number').check(
      z.gt(0, 'Quantity must be more than 0'),
      z.lte(QUOTE_LIMITS.quantity, `At most ${QUOTE_LIMITS.quantity}`),
      z.refine((quantity) => quantityHundredths(quantity) !== undefined, {
        message: 'At most two decimals',
      }),
    ),
    unit: requiredText('Give a unit (each, hour, metre)', QUOTE_LIMITS.unitLength),
    unitPriceCents: cents(
      'Unit price',
      QUOTE_LIMITS.unitPriceCents,
      QUOTE_MESSAGES.unitPriceTooHigh,
    ),
  })
  .check(
    z.superRefine((line, context) => {
      if (lineTotalCents(line) > QUOTE_LIMITS.totalCents) {
        context.addIssue({
          code: 'custom',
          path: ['quantity'],
          message: QUOTE_MESSAGES.lineTooHigh,
        });
      }
    }),
  );
export type QuoteLine = z.output<typeof QuoteLineSchema>;

const lines = z.array(QuoteLineSchema, QUOTE_MESSAGES.noLines).check(
  z.minLength(1, QUOTE_MESSAGES.noLines),
  z.maxLength(QUOTE_LIMITS.lines, QUOTE_MESSAGES.tooManyLines),
  z.superRefine((given, context) => {
    // VAT included at the highest rate: the stored total can be no higher.
    if (quoteTotals(given, VAT_PERCENT).totalCents > QUOTE_LIMITS.totalCents) {
      context.addIssue({ code: 'custom', message: QUOTE_MESSAGES.totalTooHigh });
    }
  }),
);

/**
 * POST /api/provider/enquiries/{id}/quotes: a quote, or a revision (the next version).
 * VAT is not sent: the provider's registration decides it. The deposit is an amount in
 * cents or a share in percent; the server checks it against the configured cap.
 */
export const QuoteSchema = z
  .object({
    lines,
    validUntil: day('Give the date the quote is valid until'),
    earliestStart: day('Give the earliest date the work can start'),
    depositKind: z.enum(DEPOSIT_KINDS, 'Choose no deposit, an amount or a share'),
    depositAmountCents: z.nullish(
      z
        .number(QUOTE_MESSAGES.depositAmount)
        .check(
          z.int(QUOTE_MESSAGES.depositAmount),
          z.gte(1, QUOTE_MESSAGES.depositAmount),
          z.lte(QUOTE_LIMITS.totalCents, QUOTE_MESSAGES.depositAboveTotal),
        ),
    ),
    depositPercent: z.nullish(
      z
        .number(QUOTE_MESSAGES.depositShare)
        .check(
          z.int(QUOTE_MESSAGES.depositShare),
          z.gte(1, QUOTE_MESSAGES.depositShare),
          z.lte(100, QUOTE_MESSAGES.depositShare),
        ),
    ),
    /** Repair or maintenance (s15 and s57 apply), or new work such as an installation. */
    repairWork: z.boolean('Say whether this is repair or maintenance work'),
    warrantyMonths: z
      .number('Warranty must be a number of months')
      .check(
        z.int('Warranty must be a whole number of months'),
        z.gte(0, 'Warranty cannot be negative'),
        z.lte(QUOTE_LIMITS.warrantyMonths, `At most ${QUOTE_LIMITS.warrantyMonths} months`),
      ),
    /** 0 when preparing the quote cost nothing; otherwise the fee the customer agreed. */
    preparationFeeCents: cents(
      'The preparation fee',
      QUOTE_LIMITS.preparationFeeCents,
      'At most R10 000 for preparing a quote',
    ),
    note: optionalText(QUOTE_LIMITS.noteLength),
  })
  .check(
    z.superRefine((quote, context) => {
      const today = saToday();
      if (quote.validUntil < today) {
        context.addIssue({
          code: 'custom',
          path: ['validUntil'],
          message: QUOTE_MESSAGES.validityPast,
        });
      } else if (quote.validUntil > addDays(today, QUOTE_LIMITS.validityDays)) {
        context.addIssue({
          code: 'custom',
          path: ['validUntil'],
          message: QUOTE_MESSAGES.validityTooFar,
        });
      }
      if (quote.earliestStart < today) {
        context.addIssue({
          code: 'custom',
          path: ['earliestStart'],
          message: QUOTE_MESSAGES.startPast,
        });
      }
      if (quote.repairWork && quote.warrantyMonths < QUOTE_LIMITS.repairWarrantyMonths) {
        context.addIssue({
          code: 'custom',
          path: ['warrantyMonths'],
          message: QUOTE_MESSAGES.repairWarranty,
        });
      }
      if (quote.depositKind === 'amount' && !quote.depositAmountCents) {
        context.addIssue({
          code: 'custom',
          path: ['depositAmountCents'],
          message: QUOTE_MESSAGES.depositAmount,
        });
      }
      if (quote.depositKind === 'share' && !quote.depositPercent) {
        context.addIssue({
          code: 'custom',
          path: ['depositPercent'],
          message: QUOTE_MESSAGES.depositShare,
        });
      }
    }),
  );
export type QuoteInput = z.input<typeof QuoteSchema>;
export type Quote = z.output<typeof QuoteSchema>;

/** POST /api/provider/enquiries/{id}/preparation-fee: asked before the visit. */
export const PreparationFeeSchema = z.object({
  feeCents: z
    .number('The fee must be a number')
    .check(
      z.int('The fee must be in whole cents'),
      z.gte(1, 'Give the fee in rand, more than R0'),
      z.lte(QUOTE_LIMITS.preparationFeeCents, 'At most R10 000 for preparing a quote'),
    ),
});

/** POST /api/provider/enquiries/{id}/variations: extra work after acceptance, in writing. */
export const VariationSchema = z.object({ lines, reason });
export type VariationInput = z.input<typeof VariationSchema>;

/** POST /api/provider/enquiries/{id}/job/complete: the final total, no higher than agreed. */
export const CompleteJobSchema = z.object({
  finalTotalCents: cents(
    'The final total',
    QUOTE_LIMITS.totalCents * 2,
    QUOTE_MESSAGES.totalTooHigh,
  ),
});

/** Either side's dispute flag, with its reason. */
export const DisputeSchema = z.object({ reason });

/** The customer's answers from the status page: the token is the key. */
export const CustomerTokenSchema = RequestTokenSchema;
export const CustomerDeclineSchema = z.extend(RequestTokenSchema, { reason });
export const CustomerPreparationFeeSchema = z.extend(RequestTokenSchema, {
  enquiryId: recordId('No such request'),
  agree: z.boolean('Say whether you agree to the fee'),
});
export const CustomerDisputeSchema = z.extend(RequestTokenSchema, { reason });
