/**
 * The customer's status page of a request: `/request?token=...`, a token that
 * is random (it says nothing by itself) and works until 30 days after the request closed.
 */
import * as z from 'zod/mini';
import { CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE } from '../text-rules.ts';

/** Days after a request is completed or cancelled that its status page still opens. */
export const STATUS_PAGE_DAYS_AFTER_CLOSING = 30;

export const REQUEST_STATUS_MESSAGES = {
  invalid: 'This request link is not valid. Please use the link from your e-mail.',
  expired: `This request link has expired: it works until ${STATUS_PAGE_DAYS_AFTER_CLOSING} days after the request was closed.`,
  closed: 'This request is closed already: it cannot be cancelled.',
  reasonRequired: 'Please tell the provider why you are cancelling',
} as const;

const token = z
  .string(REQUEST_STATUS_MESSAGES.invalid)
  .check(z.regex(/^[A-Za-z0-9_-]{32,64}$/, REQUEST_STATUS_MESSAGES.invalid));

export const RequestStatusQuerySchema = z.object({ token });
export const RequestTokenSchema = z.object({ token });

export const CANCEL_REASON_MAX = 500;
export const CancelRequestSchema = z.object({
  token,
  reason: z.string(REQUEST_STATUS_MESSAGES.reasonRequired).check(
    z.trim(),
    z.minLength(1, REQUEST_STATUS_MESSAGES.reasonRequired),
    z.maxLength(CANCEL_REASON_MAX, `At most ${CANCEL_REASON_MAX} characters`),
    z.refine((v) => !CONTROL_CHARACTERS.test(v), { message: CONTROL_CHARACTERS_MESSAGE }),
  ),
});
export type CancelRequest = z.output<typeof CancelRequestSchema>;
