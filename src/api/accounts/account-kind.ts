/**
 * Admins and providers sign in, reset their passwords and end their sessions through one
 * implementation (the operations in this folder); an AccountKind says what differs
 * between them: their table, who may sign in, their password links, sign-in limits,
 * device cookie and texts. The two kinds are in account-kinds.ts.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import type { adminUsers, serviceProviders } from '../../../db/schema.ts';
import type { PasswordTokenOwner, PasswordTokenPurpose } from '../auth/password-tokens.ts';
import type { Role } from '../auth/sessions.ts';
import type { RateLimit } from '../rate-limits/hit-rate-limit.ts';

/** The one answer to a failed sign-in, whatever failed: nothing tells which e-mails have accounts. */
export const LOGIN_FAILED = 'Invalid email or password';

export interface AccountKind<SignedIn = unknown> {
  /** The role its sessions carry; it also names the session cookie (auth/sessions.ts). */
  role: Role;
  table: typeof adminUsers | typeof serviceProviders;
  /**
   * What an account must be, beyond having the e-mail, to sign in or be sent a reset
   * link (an admin must be active); undefined when every account may.
   */
  activeAccount: SQL | undefined;
  /** The owner of the account's password links (auth/password-tokens.ts), and back. */
  tokenOwner(accountId: number): PasswordTokenOwner;
  accountOf(owner: PasswordTokenOwner): number | undefined;
  /** The links that can set a new password. */
  passwordLinkPurposes: readonly PasswordTokenPurpose[];
  /** The page a password link opens, and the query parameter that carries its token. */
  passwordPage: { path: string; tokenParameter: string };
  /** Failures counted per client address, per account and per trusted device. */
  signInLimits: { perClient: RateLimit; perAccount: RateLimit; perDevice: RateLimit };
  deviceCookie: string;
  texts: {
    forgotPasswordAnswer: string;
    invalidPasswordLink: string;
    passwordSet: string;
    signedOut: string;
  };
  /**
   * The account's own step after a successful sign-in (the session is signed after it),
   * and what the login answer shows of the account.
   */
  signedIn(db: Database, signIn: { accountId: number; address: string }): Promise<SignedIn>;
}

/** The account with this login e-mail, in any case. */
export const withEmail = (kind: AccountKind, email: string): SQL =>
  sql`lower(${kind.table.email}) = lower(${email})`;

/** The account with this id. */
export const withId = (kind: AccountKind, accountId: number): SQL => eq(kind.table.id, accountId);

/** Raising the token version ends every session signed with an older one (auth/sessions.ts). */
export const nextTokenVersion = (kind: AccountKind): SQL => sql`${kind.table.tokenVersion} + 1`;

/** The address of the page where the link's token sets a new password. */
export function passwordLink(kind: AccountKind, siteUrl: string, token: string): string {
  const link = new URL(kind.passwordPage.path, siteUrl);
  link.searchParams.set(kind.passwordPage.tokenParameter, token);
  return link.href;
}
