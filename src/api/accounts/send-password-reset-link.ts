import { and } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { createPasswordToken } from '../auth/password-tokens.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { passwordResetMessage } from '../mail/messages.ts';
import { passwordLink, withEmail, type AccountKind } from './account-kind.ts';

export const RESET_LINK_MINUTES = 60;

/**
 * Writes a reset link's mail when an account that may sign in has the address. The
 * forgot-password route queues this (request-password-reset.ts, jobs/password-reset-job.ts)
 * so that its answer takes the same time either way; the token is returned for
 * development mode only.
 */
export async function sendPasswordResetLink(
  db: Database,
  kind: AccountKind,
  { email, siteUrl }: { email: string; siteUrl: string },
): Promise<string | undefined> {
  const [account] = await db
    .select({ id: kind.table.id, email: kind.table.email })
    .from(kind.table)
    .where(and(withEmail(kind, email), kind.activeAccount));
  if (!account) return undefined;
  return db.transaction(async (tx) => {
    const token = await createPasswordToken(tx, {
      owner: kind.tokenOwner(account.id),
      purpose: 'reset',
      validMinutes: RESET_LINK_MINUTES,
    });
    await enqueueMail(
      tx,
      passwordResetMessage(account.email, passwordLink(kind, siteUrl, token), RESET_LINK_MINUTES),
    );
    return token;
  });
}
