/**
 * Helpers for the admin, provider and upload API tests: admins and providers and their
 * sessions (valid, expired, tampered, revoked), image bytes, and the mail outbox the test
 * API writes to DATA_DIR/mail when no SMTP_URL is set.
 */
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { adminUsers, serviceProviders } from '../../db/schema.ts';
import { createAdmin } from '../../src/api/admins/create-admin.ts';
import { hashPassword } from '../../src/api/auth/password.ts';
import { sessionSecret } from '../../src/api/auth/session-secret.ts';
import { signSession } from '../../src/api/auth/sessions.ts';
import { insertProvider, type ProviderRow } from './builders.ts';
import { mailFiles, readOutboxIn, type OutboxMail } from './outbox.ts';
import type { TestApi } from './test-api.ts';

// ---------------------------------------------------------------------------------------
// Admins and sessions
// ---------------------------------------------------------------------------------------

export interface TestAdmin {
  id: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

let adminSequence = 0;

/**
 * Creates an admin through the product's createAdmin (the password is hashed with scrypt,
 * about 0.3 s: create few). `isActive: false` deactivates it afterwards.
 */
export async function createTestAdmin(
  api: TestApi,
  overrides: Partial<Omit<TestAdmin, 'id'>> & { isActive?: boolean } = {},
): Promise<TestAdmin> {
  const n = ++adminSequence;
  const { isActive = true, ...fields } = overrides;
  const admin = {
    email: `admin${n}@test.example.co.za`,
    password: `admin-password-${n}`,
    firstName: `Admin${n}`,
    lastName: 'Tester',
    ...fields,
  };
  if (!(await createAdmin(api.database.db, admin))) {
    throw new Error(`An admin with the e-mail ${admin.email} exists already`);
  }
  const [row] = await api.database.db
    .select({ id: adminUsers.id, email: adminUsers.email })
    .from(adminUsers)
    .where(eq(adminUsers.email, admin.email.trim().toLowerCase()));
  if (!row) throw new Error('The admin was not stored');
  if (!isActive) {
    await api.database.db
      .update(adminUsers)
      .set({ isActive: false })
      .where(eq(adminUsers.id, row.id));
  }
  return { ...admin, id: row.id, email: row.email };
}

/** The stored admin row (password hash, token version, ...), for before/after checks. */
export async function adminRow(api: TestApi, id: number) {
  const [row] = await api.database.db.select().from(adminUsers).where(eq(adminUsers.id, id));
  if (!row) throw new Error(`No admin ${id}`);
  return row;
}

/** POST /api/admin/login with JSON credentials; answers the raw response. */
export function postLogin(
  api: TestApi,
  credentials: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return api.request('/api/admin/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(credentials),
  });
}

/** Signs in through POST /api/admin/login and answers the session token (fails unless 200). */
export async function signIn(
  api: TestApi,
  admin: { email: string; password: string },
): Promise<string> {
  const response = await postLogin(api, { email: admin.email, password: admin.password });
  if (response.status !== 200) {
    throw new Error(
      `Login of ${admin.email} answered ${response.status}: ${await response.text()}`,
    );
  }
  const { token } = (await response.json()) as { token: string };
  return token;
}

/** The key that signs the test API's sessions (the same as the app's). */
export function testSessionSecret(api: TestApi): Uint8Array {
  return sessionSecret(api.env);
}

/** Headers with `Authorization: Bearer <token>` (and JSON content type for bodies). */
export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
}

/** A valid provider session for a real provider (one is inserted unless an id is given). */
export async function providerToken(api: TestApi, providerId?: number): Promise<string> {
  const id = providerId ?? (await insertProvider(api.database.db)).id;
  return signSession(testSessionSecret(api), { role: 'provider', accountId: id, version: 0 });
}

/** An admin token signed with the right key and the right version, expired an hour ago. */
export async function expiredAdminToken(
  api: TestApi,
  adminId: number,
  version = 0,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: 'admin', ver: version })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(adminId))
    .setIssuedAt(now - 13 * 60 * 60)
    .setExpirationTime(now - 60 * 60)
    .sign(testSessionSecret(api));
}

/** A well-formed admin token for the right admin and version, signed with another key. */
export function foreignAdminToken(adminId: number, version = 0): Promise<string> {
  return new SignJWT({ role: 'admin', ver: version })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(adminId))
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('another-key-that-is-not-the-apps-own-secret'));
}

/** An unsigned token (`alg: none`) with admin claims. */
export function unsignedAdminToken(adminId: number, version = 0): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${encode({ alg: 'none' })}.${encode({ role: 'admin', ver: version, sub: String(adminId), iat: now, exp: now + 3600 })}.`;
}

/**
 * The token with one character of its signature changed. A middle character is changed:
 * the last one of a base64url signature carries unused bits, so changing it may not
 * change the signature at all.
 */
export function tamperSignature(token: string): string {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) throw new Error('Not a JWT');
  const i = Math.floor(signature.length / 2);
  const flipped = signature[i] === 'A' ? 'B' : 'A';
  return `${header}.${payload}.${signature.slice(0, i)}${flipped}${signature.slice(i + 1)}`;
}

/** The token with its payload changed (`changes` merged in), keeping the old signature. */
export function tamperPayload(token: string, changes: Record<string, unknown>): string {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || signature === undefined) throw new Error('Not a JWT');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as object;
  const changed = Buffer.from(JSON.stringify({ ...claims, ...changes })).toString('base64url');
  return `${header}.${changed}.${signature}`;
}

/**
 * A token that was valid and has been revoked: signs in, signs out (which revokes every
 * token of the admin, raising its token version) and answers the old token.
 */
export async function revokedAdminToken(
  api: TestApi,
  admin: { email: string; password: string },
): Promise<string> {
  const token = await signIn(api, admin);
  const response = await api.request('/api/admin/logout', {
    method: 'POST',
    headers: bearer(token),
  });
  if (response.status !== 200) throw new Error(`Logout answered ${response.status}`);
  return token;
}

/** The `name=value` pair and attributes of the Set-Cookie header for `name`, if any. */
export function setCookie(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
}

// ---------------------------------------------------------------------------------------
// Image bytes
// ---------------------------------------------------------------------------------------

const SIGNATURES = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff, 0xe0],
  gif: Array.from('GIF89a', (c) => c.charCodeAt(0)),
  webp: [
    ...Array.from('RIFF', (c) => c.charCodeAt(0)),
    0x24,
    0,
    0,
    0,
    ...Array.from('WEBP', (c) => c.charCodeAt(0)),
  ],
} as const;

export type ImageKind = keyof typeof SIGNATURES;

let imageSequence = 0;

/**
 * Bytes that start as an image of `kind` does (the server checks the magic bytes only),
 * padded to `size` bytes with content unique to each call.
 */
export function imageBytes(kind: ImageKind, size = 256): Uint8Array<ArrayBuffer> {
  const signature = SIGNATURES[kind];
  const bytes = new Uint8Array(Math.max(size, signature.length + 8));
  bytes.set(signature);
  const marker = new TextEncoder().encode(`test image ${++imageSequence} ${Date.now()}`);
  bytes.set(marker.subarray(0, bytes.length - signature.length), signature.length);
  return bytes;
}

/** A text file that a client could call 'photo.png': not an image by its bytes. */
export function fakeImageBytes(): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode('This is a text file renamed photo.png, not an image.\n');
}

/**
 * A real image of `kind` (decodable: a claim re-encodes every upload), `width`×`height`
 * pixels of one colour unique to each call.
 */
export async function realImageBytes(
  kind: ImageKind,
  { width = 8, height = 8 }: { width?: number; height?: number } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const { default: sharp } = await import('sharp');
  const n = ++imageSequence;
  const background = { r: (n * 37) % 256, g: (n * 91) % 256, b: (n * 151) % 256 };
  const image = sharp({ create: { width, height, channels: 3, background } });
  const encoded = await (kind === 'jpeg' ? image.jpeg() : image[kind]()).toBuffer();
  return new Uint8Array(encoded);
}

// ---------------------------------------------------------------------------------------
// Mail outbox (DATA_DIR/mail/*.eml)
// ---------------------------------------------------------------------------------------

export type { OutboxMail } from './outbox.ts';
export { linkIn } from './outbox.ts';

/** Every mail in the test API's outbox, oldest first. */
/**
 * Mail held back for a short while (a rejection may still be reversed) goes out within
 * minutes: tests read the outbox as it will be ten minutes from now.
 */
const soon = () => new Date(Date.now() + 10 * 60_000);

/** Every mail the API has written, after the outbox is carried out. */
export async function readOutbox(api: TestApi): Promise<OutboxMail[]> {
  await api.runJobs(soon());
  return readOutboxIn(api.env.DATA_DIR);
}

/**
 * Remembers which mails are in the outbox now (reset() does not empty it); `newMails()`
 * then answers only the mails written since.
 */
export async function watchOutbox(api: TestApi): Promise<{ newMails(): Promise<OutboxMail[]> }> {
  await api.runJobs(soon());
  const seen = new Set(await mailFiles(api.env.DATA_DIR));
  return {
    async newMails() {
      return (await readOutbox(api)).filter((mail) => !seen.has(mail.file));
    },
  };
}

// ---------------------------------------------------------------------------------------
// Providers with a password, and their sessions
// ---------------------------------------------------------------------------------------

export interface TestProvider {
  id: number;
  name: string;
  email: string;
  password: string;
}

export const TEST_PROVIDER_PASSWORD = 'provider password 1';

// One scrypt hash (about 0.3 s) per password and test file: providers that share a
// password share its hash, which changes nothing for the code under test.
const providerHashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let hash = providerHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    providerHashes.set(password, hash);
  }
  return hash;
}

/**
 * Inserts a provider (see buildProvider) that has chosen a password and can log in.
 * `password` defaults to TEST_PROVIDER_PASSWORD; each new password costs one scrypt hash.
 */
export async function createTestProvider(
  api: TestApi,
  overrides: Partial<ProviderRow> & { password?: string } = {},
): Promise<TestProvider> {
  const { password = TEST_PROVIDER_PASSWORD, ...fields } = overrides;
  const row = await insertProvider(api.database.db, {
    passwordHash: await hashOnce(password),
    ...fields,
  });
  return { id: row.id, name: row.name, email: row.email, password };
}

/** The stored provider row (password hash, token version, ...), for before/after checks. */
export async function providerRow(api: TestApi, id: number) {
  const [row] = await api.database.db
    .select()
    .from(serviceProviders)
    .where(eq(serviceProviders.id, id));
  if (!row) throw new Error(`No provider ${id}`);
  return row;
}

/** POST /api/provider/login with JSON credentials; answers the raw response. */
export function postProviderLogin(
  api: TestApi,
  credentials: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return api.request('/api/provider/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(credentials),
  });
}

/** Logs in through POST /api/provider/login and answers the session token (fails unless 200). */
export async function providerSignIn(
  api: TestApi,
  provider: { email: string; password: string },
): Promise<string> {
  const response = await postProviderLogin(api, {
    email: provider.email,
    password: provider.password,
  });
  if (response.status !== 200) {
    throw new Error(
      `Login of ${provider.email} answered ${response.status}: ${await response.text()}`,
    );
  }
  const { token } = (await response.json()) as { token: string };
  return token;
}

/** A provider token signed with the right key and the right version, expired an hour ago. */
export async function expiredProviderToken(
  api: TestApi,
  providerId: number,
  version = 0,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: 'provider', ver: version })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(providerId))
    .setIssuedAt(now - 13 * 60 * 60)
    .setExpirationTime(now - 60 * 60)
    .sign(testSessionSecret(api));
}

/**
 * A provider token that was valid and has been revoked: logs in, logs out (which raises
 * the provider's token version) and answers the old token.
 */
export async function revokedProviderToken(
  api: TestApi,
  provider: { email: string; password: string },
): Promise<string> {
  const token = await providerSignIn(api, provider);
  const response = await api.request('/api/provider/logout', {
    method: 'POST',
    headers: bearer(token),
  });
  if (response.status !== 200) throw new Error(`Logout answered ${response.status}`);
  return token;
}

// ---------------------------------------------------------------------------------------
// Sign-in limits (issue 11): clients told apart by X-Forwarded-For, device cookies, 429s
// ---------------------------------------------------------------------------------------

/** Headers that make a request come from `address` (on a test API with TRUST_PROXY=true). */
export function fromClient(address: string): Record<string, string> {
  return { 'x-forwarded-for': address };
}

/** The `name=value` pair of the answer's Set-Cookie for `name`, as a browser sends it back. */
export function cookiePair(response: Response, name: string): string {
  const cookie = setCookie(response, name);
  const pair = cookie?.split(';')[0];
  if (!pair) throw new Error(`The answer sets no ${name} cookie`);
  return pair;
}

/** The answer's Retry-After in seconds; fails unless it is a whole number of seconds. */
export function retryAfterOf(response: Response): number {
  const value = response.headers.get('retry-after');
  if (value === null || !/^\d+$/.test(value)) {
    throw new Error(`Retry-After is ${JSON.stringify(value)}, not a number of seconds`);
  }
  return Number(value);
}
