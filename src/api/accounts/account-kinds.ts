/** The two kinds of account that sign in (account-kind.ts), side by side. */
import { eq, sql } from 'drizzle-orm';
import { adminUsers, serviceProviders } from '../../../db/schema.ts';
import type { Role } from '../auth/sessions.ts';
import { AppError } from '../errors.ts';
import { recordProviderSignIn } from '../providers/record-provider-sign-in.ts';
import { RATE_LIMITS } from '../rate-limits/hit-rate-limit.ts';
import { LOGIN_FAILED, type AccountKind } from './account-kind.ts';

/** The admin team (spec sections 4, 5 and 7): a reset link opens the sign-in page. */
export const adminAccounts: AccountKind<{ firstName: string; lastName: string; email: string }> = {
  role: 'admin',
  table: adminUsers,
  activeAccount: eq(adminUsers.isActive, true),
  tokenOwner: (adminId) => ({ adminId }),
  accountOf: (owner) => ('adminId' in owner ? owner.adminId : undefined),
  passwordLinkPurposes: ['reset'],
  passwordPage: { path: '/admin', tokenParameter: 'resetToken' },
  signInLimits: {
    perClient: RATE_LIMITS.adminLogin,
    perAccount: RATE_LIMITS.adminLoginPerEmail,
    perDevice: RATE_LIMITS.adminLoginPerDevice,
  },
  deviceCookie: 'vp_admin_device',
  texts: {
    forgotPasswordAnswer:
      'If an administrator account uses that e-mail address, a reset link is on its way.',
    invalidPasswordLink: 'This reset link is invalid or has expired. Please ask for a new one.',
    passwordSet: 'Your password has been changed. Please sign in.',
    signedOut: 'Signed out',
  },
  /** The Admin users screen shows when each admin last signed in. */
  async signedIn(db, { accountId }) {
    const [admin] = await db
      .update(adminUsers)
      .set({ lastLogin: sql`now()` })
      .where(eq(adminUsers.id, accountId))
      .returning({
        firstName: adminUsers.firstName,
        lastName: adminUsers.lastName,
        email: adminUsers.email,
      });
    if (!admin) throw new AppError('unauthorized', LOGIN_FAILED);
    return admin;
  },
};

/**
 * A team admin's invitation (docs/decisions/0048): the same accounts as adminAccounts,
 * but its link sets the first password on a page of its own (/admin/set-password) through
 * POST /api/admin/set-password. Each route takes its own links only: an invitation link
 * does not open the reset form, nor a reset link this one.
 */
export const adminInvitations: AccountKind<{ firstName: string; lastName: string; email: string }> =
  {
    ...adminAccounts,
    passwordLinkPurposes: ['set-password'],
    passwordPage: { path: '/admin/set-password', tokenParameter: 'token' },
    texts: {
      ...adminAccounts.texts,
      invalidPasswordLink:
        "This invitation link is invalid, has expired or has been used. Ask for a new link with 'Forgot your password?' on the admin sign-in page.",
      passwordSet: 'Your password is set. Please sign in.',
    },
  };

/**
 * Providers (spec section 7): the set-password link of the approval mail and the reset
 * link open the same page; a provider without a password yet cannot sign in.
 */
export const providerAccounts: AccountKind<void> = {
  role: 'provider',
  table: serviceProviders,
  activeAccount: undefined,
  tokenOwner: (providerId) => ({ providerId }),
  accountOf: (owner) => ('providerId' in owner ? owner.providerId : undefined),
  passwordLinkPurposes: ['set-password', 'reset'],
  passwordPage: { path: '/dashboard/set-password', tokenParameter: 'token' },
  signInLimits: {
    perClient: RATE_LIMITS.providerLogin,
    perAccount: RATE_LIMITS.providerLoginPerEmail,
    perDevice: RATE_LIMITS.providerLoginPerDevice,
  },
  deviceCookie: 'vp_provider_device',
  texts: {
    forgotPasswordAnswer:
      'If a provider account uses that e-mail address, a link to choose a new password is on its way.',
    invalidPasswordLink:
      'This link is invalid, has expired or has been used. Please ask for a new one.',
    passwordSet: 'Your password is set. Please log in.',
    signedOut: 'Logged out',
  },
  /** Reviews from the provider's own addresses wait for moderation. */
  async signedIn(db, { accountId, address }) {
    await recordProviderSignIn(db, { providerId: accountId, address });
  },
};

export const accountKinds: Record<Role, AccountKind> = {
  admin: adminAccounts,
  provider: providerAccounts,
};
