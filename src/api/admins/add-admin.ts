import { eq } from 'drizzle-orm';
import type { Database, Queryable } from '../../../db/client.ts';
import { adminUsers } from '../../../db/schema.ts';
import { ADMIN_INVITATION_HOURS } from '../../lib/schemas/admin-operations.ts';
import { passwordLink } from '../accounts/account-kind.ts';
import { adminInvitations } from '../accounts/account-kinds.ts';
import { createPasswordToken, endPasswordLinks } from '../auth/password-tokens.ts';
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
    if (admin.password === undefined) await mailInvitation(tx, row, invitedBy, siteUrl);
    return row;
  });
}

type Inviter = { firstName: string; lastName: string };

/** The invitation: a link to choose the password, valid ADMIN_INVITATION_HOURS. */
async function mailInvitation(
  tx: Queryable,
  admin: { id: number; email: string; firstName: string },
  invitedBy: Inviter,
  siteUrl: string,
) {
  const token = await createPasswordToken(tx, {
    owner: adminInvitations.tokenOwner(admin.id),
    purpose: 'set-password',
    validMinutes: ADMIN_INVITATION_HOURS * 60,
  });
  await enqueueMail(
    tx,
    adminInvitationMessage(
      admin,
      `${invitedBy.firstName} ${invitedBy.lastName}`,
      passwordLink(adminInvitations, siteUrl, token),
      ADMIN_INVITATION_HOURS,
    ),
  );
}

/**
 * POST /api/admin/users/:id/invitation: a new invitation for an admin who has not chosen
 * a password yet (the first link lapsed or was lost). Earlier links end, so only the
 * newest works. 409 once the password is chosen, or while the account is deactivated.
 */
export async function resendInvitation(
  db: Database,
  { id, invitedBy, siteUrl }: { id: number; invitedBy: Inviter; siteUrl: string },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select(adminListColumns)
      .from(adminUsers)
      .where(eq(adminUsers.id, id))
      .for('update');
    if (!row) throw new AppError('not_found', 'Administrator not found');
    if (!row.isActive) {
      throw new AppError(
        'conflict',
        'This administrator is deactivated: reactivate the account first.',
      );
    }
    if (!row.invitationPending) {
      throw new AppError(
        'conflict',
        'This administrator has chosen a password already and signs in with it.',
      );
    }
    await endPasswordLinks(tx, adminInvitations.tokenOwner(id));
    await mailInvitation(tx, row, invitedBy, siteUrl);
    return row;
  });
}
