/**
 * The link that confirms an application's e-mail address (docs/decisions/0046): a token
 * of 32 random bytes, so the link says nothing by itself; only its SHA-256 is stored, the
 * token is only in the mail. It works for APPLICATION_LINK_DAYS.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { applicationConfirmationLinks } from '../../../db/schema.ts';
import { APPLICATION_LINK_DAYS } from '../../lib/application-confirmation.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { applicationConfirmationMessage } from '../mail/messages.ts';

export const confirmationTokenHash = (token: string) =>
  createHash('sha256').update(token).digest('base64url');

/**
 * Writes a new link for the application and its mail to the address, in the caller's
 * transaction: the application and its only mail are stored together, or neither.
 */
export async function mailConfirmationLink(
  tx: Queryable,
  { applicationId, email, siteUrl }: { applicationId: number; email: string; siteUrl: string },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(applicationConfirmationLinks).values({
    tokenHash: confirmationTokenHash(token),
    applicationId,
    expiresAt: sql`now() + ${sql.raw(`interval '${APPLICATION_LINK_DAYS} days'`)}`,
  });
  const link = new URL('/join/confirm', siteUrl);
  link.searchParams.set('token', token);
  await enqueueMail(
    tx,
    applicationConfirmationMessage(email, {
      confirmUrl: link.href,
      validDays: APPLICATION_LINK_DAYS,
    }),
  );
}
