import { and, eq, isNull, sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../../db/client.ts';
import { providerApplications as a } from '../../../db/schema.ts';
import { APPLICATION_CONFIRMATION_MESSAGES } from '../../lib/application-confirmation.ts';
import { mailboxOf } from '../mail/mailbox.ts';
import { hitRateLimit, RATE_LIMITS } from '../rate-limits/hit-rate-limit.ts';
import { mailConfirmationLink } from './confirmation-links.ts';

/**
 * POST /api/provider-applications/confirmation-link: a new link for the pending
 * application of a mailbox whose address is not confirmed yet (the first link was lost
 * or has expired). The link goes to the address the application holds, in the same fixed
 * words, at most 3 a day per mailbox; the answer is the same whether or not such an
 * application exists, so the form tells nobody who applied (docs/decisions/0046).
 */
export async function mailNewConfirmationLink(
  db: Database,
  { email, siteUrl }: { email: string; siteUrl: string },
): Promise<{ message: string }> {
  const [mailbox] = await selectRows<{ key: string }>(db, sql`SELECT ${mailboxOf(email)} AS key`);
  await hitRateLimit(db, RATE_LIMITS.applicationLinkPerMailbox, mailbox?.key ?? email);
  await db.transaction(async (tx) => {
    const [waiting] = await tx
      .select({ id: a.id, email: a.email })
      .from(a)
      .where(
        and(
          eq(mailboxOf(a.email), mailboxOf(email)),
          eq(a.status, 'pending'),
          isNull(a.emailConfirmedAt),
        ),
      )
      .for('update');
    if (waiting) {
      await mailConfirmationLink(tx, { applicationId: waiting.id, email: waiting.email, siteUrl });
    }
  });
  return { message: APPLICATION_CONFIRMATION_MESSAGES.newLinkSent };
}
