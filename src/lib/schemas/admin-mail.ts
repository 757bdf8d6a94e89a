/**
 * The admin's mail screen: the outbox's mail, queued, sent and
 * failed, paged; never its text (it may hold a reset link).
 */
import * as z from 'zod/mini';
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

/**
 * A mail's status in words: a sent mail that was only written to the outbox folder (no
 * mail server configured, or an address on a domain reserved for examples) reached no one,
 * so it reads "Written to file", not "Sent".
 */
export function mailStatusLabel(mail: { status: MailStatus; sentVia: string | null }): string {
  return mail.status === 'sent' && mail.sentVia === 'file'
    ? WRITTEN_TO_FILE
    : MAIL_STATUS_LABELS[mail.status];
}

export const WRITTEN_TO_FILE = 'Written to file';

/** Only failed and sent mail is resent; queued and sending mail is on its way. */
export const canResendMail = (status: string) => status === 'failed' || status === 'sent';

export const MailListQuerySchema = z.extend(AdminPageQuerySchema, {
  status: z.optional(
    z.enum(MAIL_STATUSES, { error: `status must be one of: ${MAIL_STATUSES.join(', ')}` }),
  ),
});
