/**
 * The confirmation of a service request's e-mail address (reviews only from
 * real customers; no mail cannon): the link mailed to the customer, and what it answers.
 */
import * as z from 'zod/mini';
import { INVALID_CONFIRMATION_LINK } from '../enquiry-confirmation.ts';

export {
  CONFIRMATION_LINK_DAYS,
  EXPIRED_CONFIRMATION_LINK,
  INVALID_CONFIRMATION_LINK,
} from '../enquiry-confirmation.ts';

export const ConfirmEnquiryEmailSchema = z.object({
  token: z
    .string(INVALID_CONFIRMATION_LINK)
    .check(
      z.minLength(20, INVALID_CONFIRMATION_LINK),
      z.maxLength(2000, INVALID_CONFIRMATION_LINK),
    ),
});
