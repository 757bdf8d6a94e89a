/**
 * Forgot-password, queued: the route writes one row whatever the address, so its answer
 * takes the same time whether or not an account has it (cheap rejections); the
 * sender then looks the account up and writes the reset mail.
 */
import type { Queryable, Database } from '../../../db/client.ts';
import { outbox } from '../../../db/schema.ts';
import { accountKinds } from '../accounts/account-kinds.ts';
import { sendPasswordResetLink } from '../accounts/send-password-reset-link.ts';
import type { Role } from '../auth/sessions.ts';

export interface PasswordResetRequest {
  role: Role;
  email: string;
  siteUrl: string;
}

export async function enqueuePasswordReset(
  db: Queryable,
  request: PasswordResetRequest,
): Promise<void> {
  await db.insert(outbox).values({ kind: 'password-reset', payload: { ...request } });
}

export async function carryOutPasswordReset(
  db: Database,
  { role, email, siteUrl }: PasswordResetRequest,
): Promise<void> {
  await sendPasswordResetLink(db, accountKinds[role], { email, siteUrl });
}
