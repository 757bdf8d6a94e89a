/**
 * The browser tests' `test`: every test is a client of its own, and signs in by minting
 * a session instead of typing into the sign-in form (epic-stack's playwright-utils).
 *
 * - Client identity: each test sends its own X-Forwarded-For (the servers run with
 *   TRUST_PROXY=true), from its page, its other pages and its `request`, so the
 *   per-client rate limits (5 applications an hour, 5 enquiries in 10 minutes, ...)
 *   count that test's requests alone.
 * - `signedInAdmin` / `signedInProvider`: a new admin or provider, created through the
 *   admin API, with a session signed by the server's own session module and key and set
 *   as the HttpOnly cookie the browser would have got from the sign-in form.
 * - `accounts`: more admins and providers, a provider's password (chosen through the
 *   mailed link, as a person would), sessions for other pages.
 * - `mailbox`: the mail the server wrote to its outbox (DATA_DIR/mail).
 */
import { randomBytes } from 'node:crypto';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { sessionSecret } from '../../src/api/auth/session-secret.ts';
import {
  SESSION_COOKIE,
  SESSION_HOURS,
  signSession,
  type Role,
} from '../../src/api/auth/sessions.ts';
import type { TestAdmin } from '../helpers/admin-fixtures.ts';
import { linkIn, readOutboxIn, type OutboxMail } from '../helpers/outbox.ts';
import { newProviderFields } from './builders.ts';
import { E2E_ADMIN, E2E_SERVERS, E2E_SESSION_SECRET, type ServerName } from './servers.ts';
import { confirmAction, searchAdminList } from './support.ts';

// An admin as a test makes it: the API tests' own shape (tests/helpers/admin-fixtures.ts).
export type { TestAdmin };
export { expect };

/** Set per project in playwright.config.ts: which server the tests talk to. */
export interface ServerOptions {
  server: ServerName;
}

export interface TestProvider {
  id: number;
  name: string;
  email: string;
}

/** The key the servers sign sessions with, derived as the server derives it. */
const SECRET = sessionSecret({
  SESSION_SECRET: E2E_SESSION_SECRET,
  DATABASE_URL: undefined,
  loopbackOnly: true,
  DATA_DIR: '',
});

/** A session token for an account, as the server's sign-in would answer it. */
export function mintSession(role: Role, accountId: number, version = 0): Promise<string> {
  return signSession(SECRET, { role, accountId, version });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Headers of a new session of the provider, for calling the provider API as it. */
export async function providerHeaders(providerId: number): Promise<Record<string, string>> {
  return bearer(await mintSession('provider', providerId));
}

/**
 * An address of the IPv6 documentation range, new for each test, in a /56 of its own (a
 * rate limit counts an IPv6 client by its /56: src/api/http/client-address.ts).
 */
function newClientAddress(): string {
  const groups = randomBytes(8).toString('hex').match(/.{4}/g) ?? [];
  return `2001:db8:${groups.join(':')}::1`;
}

// The server's admin (E2E_ADMIN) is the first admin of its fresh database. Its session
// is checked once per server; nothing signs it out, so the token stays valid.
const serverAdminTokens = new Map<string, Promise<string>>();
function serverAdminToken(request: APIRequestContext, baseURL: string): Promise<string> {
  let token = serverAdminTokens.get(baseURL);
  if (!token) {
    token = (async () => {
      const minted = await mintSession('admin', 1);
      const me = await request.get('/api/admin/me', { headers: bearer(minted) });
      expect(me.status(), `GET /api/admin/me as the server's admin on ${baseURL}`).toBe(200);
      expect(((await me.json()) as { email: string }).email).toBe(E2E_ADMIN.email);
      return minted;
    })();
    // A failed check is not remembered: the next test checks again.
    token.catch(() => serverAdminTokens.delete(baseURL));
    serverAdminTokens.set(baseURL, token);
  }
  return token;
}

/** The mail a server wrote to its outbox; the host delivers in the background. */
export class Mailbox {
  readonly #dataDir: string;

  constructor(dataDir: string) {
    this.#dataDir = dataDir;
  }

  async mailsTo(address: string): Promise<OutboxMail[]> {
    return (await readOutboxIn(this.#dataDir)).filter((mail) => mail.to.includes(address));
  }

  /** The newest mail to `address` whose text holds `fragment`, once it is there. */
  async mailTo(address: string, fragment: string): Promise<OutboxMail> {
    let found: OutboxMail | undefined;
    await expect
      .poll(
        async () => {
          found = (await this.mailsTo(address)).reverse().find((m) => m.text.includes(fragment));
          return found?.file;
        },
        { message: `a mail to ${address} with ${fragment}`, timeout: 20_000 },
      )
      .toBeDefined();
    return found!;
  }

  /** The link holding `fragment` in the newest mail to `address` that has one. */
  async linkTo(address: string, fragment: string): Promise<URL> {
    const link = linkIn((await this.mailTo(address, fragment)).text, fragment);
    if (!link) throw new Error(`No link with ${fragment} in the mail to ${address}`);
    return link;
  }
}

/** Admins, providers and their sessions on the test's server, made through its API. */
export class Accounts {
  readonly #request: APIRequestContext;
  readonly #baseURL: string;
  readonly #mailbox: Mailbox;

  constructor(request: APIRequestContext, baseURL: string, mailbox: Mailbox) {
    this.#request = request;
    this.#baseURL = baseURL;
    this.#mailbox = mailbox;
  }

  /** Headers of the server's admin, for setting up through the admin API. */
  async adminHeaders(): Promise<Record<string, string>> {
    return bearer(await serverAdminToken(this.#request, this.#baseURL));
  }

  /** A new active admin with a password (POST /api/admin/users). */
  async newAdmin(overrides: Partial<Omit<TestAdmin, 'id'>> = {}): Promise<TestAdmin> {
    const tag = randomBytes(4).toString('hex');
    const admin = {
      email: `admin.${tag}@example.co.za`,
      password: `admin-password-${tag}`,
      firstName: 'Nomvula',
      lastName: `Admin${tag}`,
      ...overrides,
    };
    const created = await this.#request.post('/api/admin/users', {
      headers: await this.adminHeaders(),
      data: admin,
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    return { ...admin, id };
  }

  /** A new approved provider without a password (POST /api/admin/providers). */
  async newProvider(overrides: Record<string, unknown> = {}): Promise<TestProvider> {
    const created = await this.#request.post('/api/admin/providers', {
      headers: await this.adminHeaders(),
      data: newProviderFields(overrides),
    });
    expect(created.status(), await created.text()).toBe(201);
    return (await created.json()) as TestProvider;
  }

  /**
   * Chooses the provider's password as a person would: asks for a link, opens the mailed
   * one (POST /api/provider/set-password with its token).
   */
  async setProviderPassword(provider: { email: string }, password: string): Promise<void> {
    const asked = await this.#request.post('/api/provider/forgot-password', {
      data: { email: provider.email },
    });
    expect(asked.status(), await asked.text()).toBe(200);
    const link = await this.#mailbox.linkTo(provider.email, '/dashboard/set-password');
    const resetToken = link.searchParams.get('token');
    expect(resetToken, `the token of ${link.href}`).toBeTruthy();
    const set = await this.#request.post('/api/provider/set-password', {
      data: { resetToken, newPassword: password },
    });
    expect(set.status(), await set.text()).toBe(200);
  }

  /**
   * A page in a browser context of its own (another person's browser beside the test's
   * page), signed in as the account; at the viewport given, else the project's.
   */
  async signedInPage(
    browser: Browser,
    role: Role,
    accountId: number,
    viewport?: { width: number; height: number },
  ): Promise<Page> {
    const context = await browser.newContext({
      baseURL: this.#baseURL,
      ...(viewport && { viewport }),
    });
    await this.signIn(context, role, accountId);
    return context.newPage();
  }

  /** Signs a browser context in as the account: the session cookie sign-in would set. */
  async signIn(context: BrowserContext, role: Role, accountId: number): Promise<void> {
    await context.addCookies([
      {
        name: SESSION_COOKIE[role],
        value: await mintSession(role, accountId),
        domain: new URL(this.#baseURL).hostname,
        path: '/api',
        httpOnly: true,
        secure: true,
        sameSite: 'Strict',
        expires: Math.floor(Date.now() / 1000) + SESSION_HOURS * 60 * 60,
      },
    ]);
  }
}

interface Fixtures {
  accounts: Accounts;
  mailbox: Mailbox;
  /** A new admin, and the test's browser context signed in as it. */
  signedInAdmin: TestAdmin;
  /** A new approved provider, and the test's browser context signed in as it. */
  signedInProvider: TestProvider;
}

export const test = base.extend<Fixtures & ServerOptions>({
  server: ['catalog', { option: true }],
  // A failed test keeps a picture of its page (playwright.config.ts says why not
  // Playwright's own 'only-on-failure').
  page: async ({ page }, use, testInfo) => {
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus && !page.isClosed()) {
      const path = testInfo.outputPath('test-failed.png');
      const taken = await page.screenshot({ path, timeout: 5_000 }).then(
        () => true,
        () => false,
      );
      if (taken) await testInfo.attach('screenshot', { path, contentType: 'image/png' });
    }
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': newClientAddress() });
  },
  mailbox: async ({ server }, use) => {
    await use(new Mailbox(E2E_SERVERS[server].dataDir));
  },
  accounts: async ({ request, baseURL, mailbox }, use) => {
    if (!baseURL) throw new Error('The project sets no baseURL');
    await use(new Accounts(request, baseURL, mailbox));
  },
  signedInAdmin: async ({ accounts, context }, use) => {
    const admin = await accounts.newAdmin();
    await accounts.signIn(context, 'admin', admin.id);
    await use(admin);
  },
  signedInProvider: async ({ accounts, context }, use) => {
    const provider = await accounts.newProvider();
    await accounts.signIn(context, 'provider', provider.id);
    await use(provider);
  },
});

/** An admin as the admin page's welcome line names them. */
type AdminName = Pick<TestAdmin, 'firstName' | 'lastName'>;

/**
 * Opens /admin signed in as `admin` (its welcome line shows), then the tab if one is named.
 */
export async function openAdmin(page: Page, admin: AdminName, tab?: string): Promise<void> {
  await page.goto('/admin');
  await expect(page.getByText(`Welcome, ${admin.firstName} ${admin.lastName}`)).toBeVisible();
  if (tab) await page.getByRole('tab', { name: tab }).click();
}

/**
 * An admin tab with the form its button opens: the button and the form it opens share
 * their name (a form in the tab, or a dialog over it). Answers the form.
 */
async function openAdminForm(
  page: Page,
  admin: AdminName,
  tab: string,
  form: { name: string; role: 'form' | 'dialog' },
): Promise<Locator> {
  await openAdmin(page, admin, tab);
  await page.getByRole('button', { name: form.name }).click();
  return page.getByRole(form.role, { name: form.name });
}

/** The Flash Ads tab with its Create Flash Ad form opened: answers the form. */
export function openFlashAdEditor(page: Page, admin: AdminName): Promise<Locator> {
  return openAdminForm(page, admin, 'Flash Ads', { name: 'Create Flash Ad', role: 'form' });
}

/** Types a flash ad's title and subtitle into its form. */
export async function fillFlashAd(
  editor: Locator,
  ad: { title: string; subtitle: string },
): Promise<void> {
  await editor.getByLabel('Title', { exact: true }).fill(ad.title);
  await editor.getByLabel('Subtitle').fill(ad.subtitle);
}

/** Deletes the flash ad from the open Flash Ads tab: confirmed, and the toast says so. */
export async function deleteFlashAd(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  await confirmAction(page, `Delete the flash ad “${title}”?`, 'Delete');
  await expect(page.getByTestId('toast')).toContainText('Flash Ad Deleted');
}

/**
 * Brings the ad with this title into the home page's banner: other tests make ads too, and
 * the banner's dot picks this one (there are dots only when there is more than one ad).
 */
export async function pickBannerAd(page: Page, title: string): Promise<void> {
  const dot = page.getByRole('button', { name: new RegExp(`^Show offer \\d+: ${title}$`) });
  if ((await dot.count()) > 0) await dot.click();
}

/** Opens the Providers tab searched for one provider's name (the list is paged). */
export async function openProvidersSearch(
  page: Page,
  admin: AdminName,
  name: string,
): Promise<void> {
  await openAdmin(page, admin, 'Providers');
  await searchAdminList(page, 'Search name, town or service', name);
}

/** The Providers tab with its Add Provider dialog opened: answers the dialog. */
export function openAddProvider(page: Page, admin: AdminName): Promise<Locator> {
  return openAdminForm(page, admin, 'Providers', { name: 'Add Provider', role: 'dialog' });
}

/** Fills Add Provider's required fields but Services (`province`: the select's value). */
export async function fillProviderBasics(
  form: Locator,
  basics: Record<
    | 'name'
    | 'contactName'
    | 'email'
    | 'phone'
    | 'location'
    | 'province'
    | 'yearsExperience'
    | 'description',
    string
  >,
): Promise<void> {
  await form.getByLabel('Business Name *').fill(basics.name);
  await form.getByLabel('Contact Name *').fill(basics.contactName);
  await form.getByLabel('Email *').fill(basics.email);
  await form.getByLabel('Phone *').fill(basics.phone);
  await form.getByLabel('Location *').fill(basics.location);
  await form.getByLabel('Province *').selectOption(basics.province);
  await form.getByLabel('Years Experience *').fill(basics.yearsExperience);
  await form.getByLabel('Description *').fill(basics.description);
}
