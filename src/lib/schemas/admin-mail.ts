/**
 * The admin's mail screen: the outbox's mail, queued, sent and
 * failed, paged; never its text (it may hold a reset link).
 */
import { z } from 'zod';
import { AdminPageQuerySchema } from './admin-lists.ts';

/** The outbox's statuses (db/schema.ts OUTBOX_STATUSES; the server checks they agree). */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** Only failed and sent mail is resent; queued and sending mail is on its way. */
export const canResendMail = (status: string) => status === 'failed' || status === 'sent';

export const MailListQuerySchema = AdminPageQuerySchema.extend({
  status: z
    .enum(MAIL_STATUSES, { error: `status must be one of: ${MAIL_STATUSES.join(', ')}` })
    .optional(),
});
