/**
 * The customer's status-page token: 32 random bytes, so the link says nothing
 * by itself (no id, no date). Only its SHA-256 is stored; the token is only in the mail.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../../db/client.ts';
import { requestStatusLinks } from '../../../db/schema.ts';

export const statusTokenHash = (token: string) =>
  createHash('sha256').update(token).digest('base64url');

export function newStatusToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: statusTokenHash(token) };
}

export function statusPageLink(siteUrl: string, token: string): string {
  const link = new URL('/request', siteUrl);
  link.searchParams.set('token', token);
  return link.href;
}

/**
 * A new link to the request's status page, for a mail to its customer after the first:
 * the first one's token is not kept, so each later mail carries a token of its own.
 */
export async function newStatusLink(
  db: Queryable,
  { enquiryId, siteUrl }: { enquiryId: number; siteUrl: string },
): Promise<string> {
  const { token, hash } = newStatusToken();
  await db.insert(requestStatusLinks).values({ tokenHash: hash, enquiryId });
  return statusPageLink(siteUrl, token);
}
