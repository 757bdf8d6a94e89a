/**
 * Helpers for the e-mail confirmation of a service request (reviews only from real
 * customers): confirmation tokens as the app signs them (HS256, the session key,
 * sub = enquiry id, purpose 'confirm-email', 30 days), with any part changed, and
 * `confirmEnquiryEmail()` for tests whose customer has confirmed the address; and the
 * stored enquiry.
 */
import { SignJWT } from 'jose';
import { customerEnquiries } from '../../db/schema.ts';
import { sendJson, storedRow } from './api-fixtures.ts';
import { testSessionSecret } from './auth-fixtures.ts';
import type { TestApi } from './test-api.ts';

/** The stored enquiry, for before/after checks; fails when there is none. */
export function enquiryRow(api: TestApi, id: number) {
  return storedRow(api, customerEnquiries, id, 'enquiry');
}

const DAY = 24 * 60 * 60;

export interface EnquiryTokenOptions {
  /** null: no purpose claim at all. */
  purpose?: string | null;
  /** Seconds from now (negative: expired). */
  expiresIn?: number;
  key?: Uint8Array;
}

/** A confirmation token for the enquiry, as the app signs it, with any of it changed. */
export function confirmationToken(
  api: TestApi,
  enquiryId: number | string,
  options: EnquiryTokenOptions = {},
): Promise<string> {
  return enquiryToken(api, enquiryId, { purpose: 'confirm-email', ...options });
}

/**
 * A token naming an enquiry as the app signs them (HS256, the session key, sub = the
 * enquiry id, a purpose claim, 30 days): confirmation and review links alike.
 */
export function enquiryToken(
  api: TestApi,
  enquiryId: number | string,
  { purpose = null, expiresIn = 30 * DAY, key = testSessionSecret(api) }: EnquiryTokenOptions = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(purpose === null ? {} : { purpose })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(enquiryId))
    .setIssuedAt(Math.min(now, now + expiresIn - 30 * DAY))
    .setExpirationTime(now + expiresIn)
    .sign(key);
}

/** POST /api/enquiries/confirm with `{ token }` (any body when `token` is not a string). */
export function postConfirmation(api: TestApi, token: unknown): Promise<Response> {
  return sendJson(
    api,
    'POST',
    '/api/enquiries/confirm',
    typeof token === 'string' ? { token } : token,
  );
}

/**
 * The customer opens the confirmation link of the enquiry: from now on the provider's
 * responses and the review link are e-mailed to them. Fails unless the API answers 200.
 */
export async function confirmEnquiryEmail(api: TestApi, enquiryId: number): Promise<void> {
  const response = await postConfirmation(api, await confirmationToken(api, enquiryId));
  if (response.status !== 200) {
    throw new Error(
      `Confirming enquiry ${enquiryId} answered ${response.status}: ${await response.text()}`,
    );
  }
}
