/**
 * The information officer's screens in the admin (docs/decisions/0053): the access log,
 * filtered by an address, and the desk of requests that need a person.
 */
import * as z from 'zod/mini';
import { CASE_STATUSES } from '../privacy-cases.ts';
import { EMAIL_MAX_LENGTH, requiredText } from './fields.ts';

/** An empty address lists everyone's. */
export const AccessLogQuerySchema = z.object({
  email: z.optional(
    z.string().check(z.trim(), z.maxLength(EMAIL_MAX_LENGTH, 'That address is too long')),
  ),
});

/** How many rows of the access log one answer lists, newest first. */
export const ACCESS_LOG_SHOWN = 200;

export const PrivacyCaseQuerySchema = z.object({
  status: z.optional(
    z.enum(CASE_STATUSES, { error: `status must be one of: ${CASE_STATUSES.join(', ')}` }),
  ),
});

export const CASE_REPLY_MAX = 4000;

/** The officer's answer, mailed as written; `close` ends the case with it. */
export const PrivacyCaseReplySchema = z.object({
  reply: requiredText('Please write the answer', CASE_REPLY_MAX, {
    min: 10,
    tooShort: 'Please write the answer (at least 10 characters)',
  }),
  close: z.optional(z.boolean('Say whether the answer closes the case')),
});
