import type { Database } from '../../../db/client.ts';
import { enqueuePasswordReset } from '../jobs/password-reset-job.ts';
import { hitRateLimit, RATE_LIMITS } from '../rate-limits/hit-rate-limit.ts';
import type { AccountKind } from './account-kind.ts';
import { sendPasswordResetLink } from './send-password-reset-link.ts';

/**
 * 'Forgot password?': limited per client and per e-mail. The token leaves the server only
 * in development mode on loopback (`revealToken`: the spec's client then switches to the
 * reset form); everywhere else it travels by e-mail alone, and the work is queued so the
 * answer takes the same time whether or not an account has the address.
 */
export async function requestPasswordReset(
  db: Database,
  kind: AccountKind,
  {
    email,
    client,
    siteUrl,
    revealToken,
  }: { email: string; client: string; siteUrl: string; revealToken: boolean },
): Promise<string | undefined> {
  await hitRateLimit(db, RATE_LIMITS.passwordReset, client);
  await hitRateLimit(db, RATE_LIMITS.passwordResetPerEmail, email);
  if (revealToken) return sendPasswordResetLink(db, kind, { email, siteUrl });
  await enqueuePasswordReset(db, { role: kind.role, email, siteUrl });
  return undefined;
}
