import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { adminUsers } from '../../../db/schema.ts';
import { ADMIN_INVITATION_HOURS } from '../../lib/schemas/admin-operations.ts';
import { passwordLink } from '../accounts/account-kind.ts';
import { adminInvitations } from '../accounts/account-kinds.ts';
import { createPasswordToken } from '../auth/password-tokens.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { adminInvitationMessage } from '../mail/messages.ts';
import { adminListColumns } from './admin-list-columns.ts';
import { createAdmin, type NewAdmin } from './create-admin.ts';

/**
 * An admin adds a colleague, in one transaction. Without a password (the Team tab) the
 * colleague is invited: the account has no password, and a mailed link lets them choose
 * it (docs/decisions/0048). With one (an API client), the account signs in with it at
 * once, as before. An e-mail address in use (any case) answers 409.
 */
export async function addAdmin(
  db: Database,
  {
    admin,
    invitedBy,
    siteUrl,
  }: { admin: NewAdmin; invitedBy: { firstName: string; lastName: string }; siteUrl: string },
) {
  return db.transaction(async (tx) => {
    const id = await createAdmin(tx, admin);
    if (id === undefined) {
      const message = 'An administrator with this e-mail address exists already.';
      throw new AppError('conflict', message, { email: message });
    }
    const [row] = await tx.select(adminListColumns).from(adminUsers).where(eq(adminUsers.id, id));
    if (!row) throw new Error('The admin was not stored');
    if (admin.password === undefined) {
      const token = await createPasswordToken(tx, {
        owner: adminInvitations.tokenOwner(id),
        purpose: 'set-password',
        validMinutes: ADMIN_INVITATION_HOURS * 60,
      });
      await enqueueMail(
        tx,
        adminInvitationMessage(
          row,
          `${invitedBy.firstName} ${invitedBy.lastName}`,
          passwordLink(adminInvitations, siteUrl, token),
          ADMIN_INVITATION_HOURS,
        ),
      );
    }
    return row;
  });
}
