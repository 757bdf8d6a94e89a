/**
 * The customer's status page of a request: `/request?token=...`, a token that
 * is random (it says nothing by itself) and works until 30 days after the request closed.
 */
import * as z from 'zod/mini';
import { CANCEL_REASON_MAX, REQUEST_STATUS_MESSAGES } from '../request-status-page.ts';
import { CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE } from '../text-rules.ts';

export {
  CANCEL_REASON_MAX,
  REQUEST_STATUS_MESSAGES,
  STATUS_PAGE_DAYS_AFTER_CLOSING,
} from '../request-status-page.ts';

const token = z
  .string(REQUEST_STATUS_MESSAGES.invalid)
  .check(z.regex(/^[A-Za-z0-9_-]{32,64}$/, REQUEST_STATUS_MESSAGES.invalid));

export const RequestStatusQuerySchema = z.object({ token });
export const RequestTokenSchema = z.object({ token });

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
