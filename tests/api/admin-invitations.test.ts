/**
 * A team admin is invited, not given a typed password (docs/decisions/0048): POST
 * /api/admin/users without a password creates the admin without one and mails a link to
 * /admin/set-password; the link (POST /api/admin/set-password) sets the password once,
 * within its 72 hours. A body with a password, as API clients sent before, still creates
 * an admin who signs in at once and is mailed nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { passwordTokens } from '../../db/schema.ts';
import * as password from '../../src/api/auth/password.ts';
import { ADMIN_INVITATION_HOURS } from '../../src/lib/schemas/admin-operations.ts';
import {
  adminRow,
  createTestAdmin,
  resetWithAdmin,
  type TestAdmin,
} from '../helpers/admin-fixtures.ts';
import { databaseSnapshot, okJson, sendAs } from '../helpers/api-fixtures.ts';
import { expirePasswordLinks, postLogin, signIn } from '../helpers/auth-fixtures.ts';
import { expectError } from '../helpers/error-answer.ts';
import { linkIn, watchOutbox, type OutboxMail } from '../helpers/outbox.ts';
import { customerPost } from '../helpers/quote-fixtures.ts';
import { useTestApi } from '../helpers/test-api.ts';

// The app's own hashing, watched: a refused link must not cost a scrypt run.
vi.mock('../../src/api/auth/password.ts', async (importOriginal) =>
  (await import('../helpers/watched-password.ts')).watchPasswordModule(importOriginal),
);

const INVALID_INVITATION =
  "This invitation link is invalid, has expired or has been used. Ask for a new link with 'Forgot your password?' on the admin sign-in page.";
const INVALID_RESET_LINK = 'This reset link is invalid or has expired. Please ask for a new one.';
const LOGIN_FAILED = { message: 'Invalid email or password' };

interface AdminUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isActive: boolean;
  invitationPending: boolean;
}

const api = useTestApi();

let inviter: TestAdmin;
let token: string;
beforeEach(async () => {
  ({ admin: inviter, token } = await resetWithAdmin(api, {
    firstName: 'Lerato',
    lastName: 'Khumalo',
  }));
});

const NEW_ADMIN = {
  email: 'Sipho.Dlamini@Verified.example.co.za',
  firstName: 'Sipho',
  lastName: 'Dlamini',
};
const INVITED_EMAIL = 'sipho.dlamini@verified.example.co.za';

const post = (path: string, body: unknown) => customerPost(api, path, body);
const setPassword = (resetToken: string, newPassword: string) =>
  post('/api/admin/set-password', { resetToken, newPassword });

/** Invites NEW_ADMIN as the Team tab does; answers the admin and the mail it got. */
async function invite(): Promise<{ admin: AdminUser; mail: OutboxMail; linkToken: string }> {
  const outbox = await watchOutbox(api);
  const admin = await okJson<AdminUser>(
    sendAs(api, token, 'POST', '/api/admin/users', NEW_ADMIN),
    201,
  );
  const mails = await outbox.newMails();
  expect(mails).toHaveLength(1);
  const mail = mails[0]!;
  const linkToken = linkIn(mail.text, '/admin/set-password')?.searchParams.get('token');
  if (!linkToken) throw new Error(`No invitation link in: ${mail.text}`);
  return { admin, mail, linkToken };
}

describe('POST /api/admin/users without a password', () => {
  it('creates the admin without a password and mails a link to choose one', async () => {
    const { admin, mail } = await invite();
    expect(admin).toMatchObject({
      email: INVITED_EMAIL,
      firstName: 'Sipho',
      lastName: 'Dlamini',
      isActive: true,
      invitationPending: true,
    });
    expect((await adminRow(api, admin.id)).passwordHash).toBeNull();

    expect(mail.to).toBe(INVITED_EMAIL);
    expect(mail.subject).toBe('You are invited to the Verified Providers admin team');
    expect(mail.text).toContain('Hi Sipho,');
    expect(mail.text).toContain('Lerato Khumalo added you to the Verified Providers admin team.');
    expect(mail.text).toContain(`The link works once and for ${ADMIN_INVITATION_HOURS} hours.`);
    const link = linkIn(mail.text, '/admin/set-password');
    expect(link?.origin).toBe(api.url);
    expect(link?.pathname).toBe('/admin/set-password');
    expect(link?.searchParams.get('token')).toMatch(/^[\w-]{40,}$/);
    // The token is stored as its hash only, for ADMIN_INVITATION_HOURS.
    const [stored] = await api.database.db
      .select({
        tokenHash: passwordTokens.tokenHash,
        purpose: passwordTokens.purpose,
        hours: sql<number>`round(extract(epoch from ${passwordTokens.expiresAt} - now()) / 3600)::int`,
      })
      .from(passwordTokens)
      .where(eq(passwordTokens.adminId, admin.id));
    expect(stored).toMatchObject({ purpose: 'set-password', hours: ADMIN_INVITATION_HOURS });
    expect(stored?.tokenHash).not.toBe(link?.searchParams.get('token'));

    const listed = await okJson<AdminUser[]>(sendAs(api, token, 'GET', '/api/admin/users'));
    expect(listed.find((a) => a.id === admin.id)).toMatchObject({ invitationPending: true });
  });

  it('answers no token, link or password in its answer', async () => {
    const response = await sendAs(api, token, 'POST', '/api/admin/users', NEW_ADMIN);
    expect(response.status).toBe(201);
    expect(await response.text()).not.toMatch(/token|set-password|password|scrypt/i);
  });

  it('lets nobody sign in as the invited admin before the password is chosen', async () => {
    await invite();
    for (const attempt of ['', 'secret1', 'null']) {
      const login = await postLogin(api, 'admin', { email: INVITED_EMAIL, password: attempt });
      expect(login.status).not.toBe(200);
    }
    const login = await postLogin(api, 'admin', {
      email: INVITED_EMAIL,
      password: 'anything at all',
    });
    expect(login.status).toBe(401);
    expect(await login.json()).toEqual(LOGIN_FAILED);
  });

  it('answers 409 to an e-mail in use, and neither stores nor mails anything', async () => {
    await createTestAdmin(api, { email: INVITED_EMAIL });
    const outbox = await watchOutbox(api);
    const before = await databaseSnapshot(api);
    await expectError(
      await sendAs(api, token, 'POST', '/api/admin/users', NEW_ADMIN),
      409,
      'An administrator with this e-mail address exists already.',
    );
    expect(await databaseSnapshot(api)).toEqual(before);
    expect(await outbox.newMails()).toEqual([]);
  });
});

describe('POST /api/admin/set-password with the invitation link', () => {
  it('sets the password: the admin signs in with it, and is no longer listed as invited', async () => {
    const { admin, linkToken } = await invite();
    const response = await setPassword(linkToken, 'my own password');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Your password is set. Please sign in.' });
    expect((await adminRow(api, admin.id)).passwordHash).toMatch(/^scrypt\$/);

    const session = await signIn(api, 'admin', {
      email: INVITED_EMAIL,
      password: 'my own password',
    });
    const me = await api.request('/api/admin/me', {
      headers: { authorization: `Bearer ${session}` },
    });
    expect(await me.json()).toMatchObject({ email: INVITED_EMAIL, firstName: 'Sipho' });
    const listed = await okJson<AdminUser[]>(sendAs(api, token, 'GET', '/api/admin/users'));
    expect(listed.find((a) => a.id === admin.id)).toMatchObject({ invitationPending: false });
  });

  it('refuses the link a second time and keeps the password chosen with it', async () => {
    const { admin, linkToken } = await invite();
    expect((await setPassword(linkToken, 'my own password')).status).toBe(200);
    const chosen = await adminRow(api, admin.id);

    await expectError(
      await setPassword(linkToken, 'someone else’s password'),
      400,
      INVALID_INVITATION,
    );
    expect(await adminRow(api, admin.id)).toEqual(chosen);
    await signIn(api, 'admin', { email: INVITED_EMAIL, password: 'my own password' });
  });

  it('refuses an expired link without hashing, and changes nothing', async () => {
    const { admin, linkToken } = await invite();
    await expirePasswordLinks(api, 'admin', admin.id);
    const before = await databaseSnapshot(api);
    vi.mocked(password.hashPassword).mockClear();

    await expectError(await setPassword(linkToken, 'my own password'), 400, INVALID_INVITATION);
    expect(password.hashPassword).not.toHaveBeenCalled();
    expect(await databaseSnapshot(api)).toEqual(before);
    expect((await adminRow(api, admin.id)).passwordHash).toBeNull();
  });

  it('refuses a made-up or tampered link', async () => {
    const { admin, linkToken } = await invite();
    const i = Math.floor(linkToken.length / 2);
    const tampered = `${linkToken.slice(0, i)}${linkToken[i] === 'A' ? 'B' : 'A'}${linkToken.slice(i + 1)}`;
    for (const made of ['x'.repeat(43), tampered]) {
      await expectError(await setPassword(made, 'my own password'), 400, INVALID_INVITATION);
    }
    expect((await adminRow(api, admin.id)).passwordHash).toBeNull();
    // The real link still works.
    expect((await setPassword(linkToken, 'my own password')).status).toBe(200);
  });

  it('refuses a password shorter than 8 characters, and keeps the link usable', async () => {
    const { linkToken } = await invite();
    const body = await expectError(
      await setPassword(linkToken, '1234567'),
      400,
      'Password must be at least 8 characters long',
    );
    expect(body.errors?.newPassword).toBe('Password must be at least 8 characters long');
    expect((await setPassword(linkToken, '12345678')).status).toBe(200);
  });

  it('takes invitation links only: the reset form refuses one, and this route a reset link', async () => {
    const { admin, linkToken } = await invite();
    await expectError(
      await post('/api/admin/reset-password', { resetToken: linkToken, newPassword: 'via reset' }),
      400,
      INVALID_RESET_LINK,
    );

    // An expired invitation: 'Forgot your password?' mails a reset link, which the reset
    // form takes (and this route does not).
    await expirePasswordLinks(api, 'admin', admin.id);
    const outbox = await watchOutbox(api);
    expect((await post('/api/admin/forgot-password', { email: INVITED_EMAIL })).status).toBe(200);
    const [resetMail] = await outbox.newMails();
    const resetToken = linkIn(resetMail?.text ?? '', 'resetToken=')?.searchParams.get('resetToken');
    if (!resetToken) throw new Error('No reset link in the mail');
    await expectError(await setPassword(resetToken, 'via invitation'), 400, INVALID_INVITATION);
    expect(
      (await post('/api/admin/reset-password', { resetToken, newPassword: 'chosen at last' }))
        .status,
    ).toBe(200);
    await signIn(api, 'admin', { email: INVITED_EMAIL, password: 'chosen at last' });
  });
});

describe('POST /api/admin/users with a password, as API clients send it', () => {
  it('creates an admin who signs in with it at once, and mails nothing', async () => {
    const outbox = await watchOutbox(api);
    const admin = await okJson<AdminUser>(
      sendAs(api, token, 'POST', '/api/admin/users', { ...NEW_ADMIN, password: 'secret12' }),
      201,
    );
    expect(admin).toMatchObject({ email: INVITED_EMAIL, invitationPending: false });
    expect(await outbox.newMails()).toEqual([]);
    expect(await api.database.db.select().from(passwordTokens)).toEqual([]);
    await signIn(api, 'admin', { email: INVITED_EMAIL, password: 'secret12' });
  });

  it('still refuses a password shorter than 8 characters, storing and mailing nothing', async () => {
    const outbox = await watchOutbox(api);
    const before = await databaseSnapshot(api);
    const body = await expectError(
      await sendAs(api, token, 'POST', '/api/admin/users', { ...NEW_ADMIN, password: 'abc1234' }),
      400,
    );
    expect(body.errors?.['password']).toBe('Password must be at least 8 characters long');
    expect(await databaseSnapshot(api)).toEqual(before);
    expect(await outbox.newMails()).toEqual([]);
  });
});

describe('POST /api/admin/users/:id/invitation: a new link for an invited admin', () => {
  const resend = (id: number) => sendAs(api, token, 'POST', `/api/admin/users/${id}/invitation`);

  it('mails a new link, and only the newest link works', async () => {
    const { admin, linkToken: first } = await invite();
    const outbox = await watchOutbox(api);
    expect(await okJson<AdminUser>(resend(admin.id))).toMatchObject({
      id: admin.id,
      invitationPending: true,
    });
    const [mail] = await outbox.newMails();
    expect(mail?.to).toBe(INVITED_EMAIL);
    expect(mail?.subject).toBe('You are invited to the Verified Providers admin team');
    const second = linkIn(mail?.text ?? '', '/admin/set-password')?.searchParams.get('token');
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);

    await expectError(await setPassword(first, 'first link'), 400, INVALID_INVITATION);
    expect((await setPassword(second!, 'second link')).status).toBe(200);
    await signIn(api, 'admin', { email: INVITED_EMAIL, password: 'second link' });
  });

  it('refuses an admin who has chosen a password, a deactivated one and an unknown id, mailing nothing', async () => {
    const before = await databaseSnapshot(api);
    await expectError(
      await resend(inviter.id),
      409,
      'This administrator has chosen a password already and signs in with it.',
    );
    expect(await databaseSnapshot(api)).toEqual(before);
    const { admin } = await invite();
    await okJson(sendAs(api, token, 'PUT', `/api/admin/users/${admin.id}`, { isActive: false }));
    const outbox = await watchOutbox(api);
    await expectError(
      await resend(admin.id),
      409,
      'This administrator is deactivated: reactivate the account first.',
    );
    await expectError(await resend(999_999), 404);
    expect(await outbox.newMails()).toEqual([]);
  });
});
