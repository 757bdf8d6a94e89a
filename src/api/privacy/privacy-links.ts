/**
 * Links to the privacy centre: 32 random bytes, of which only the SHA-256 is kept with
 * the address the link opens. A link works for PRIVACY_LINK_HOURS.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { privacyLinks } from '../../../db/schema.ts';
import { PRIVACY_LINK_HOURS, PRIVACY_MESSAGES } from '../../lib/schemas/privacy.ts';
import { AppError } from '../errors.ts';
import { newStatusToken, statusTokenHash } from '../requests/status-tokens.ts';

export const privacyCentrePath = '/privacy/my-data';

export async function createPrivacyLink(
  db: Queryable,
  { email, siteUrl }: { email: string; siteUrl: string },
): Promise<string> {
  const { token, hash } = newStatusToken();
  await db.insert(privacyLinks).values({
    tokenHash: hash,
    email,
    expiresAt: sql`now() + ${sql.raw(`interval '${PRIVACY_LINK_HOURS} hours'`)}`,
  });
  const link = new URL(privacyCentrePath, siteUrl);
  link.searchParams.set('token', token);
  return link.href;
}

/** The address a link opens, and when it stops; a 404 for an unknown or expired link. */
export async function addressOfLink(
  db: Queryable,
  token: string,
): Promise<{ email: string; expiresAt: Date }> {
  const [link] = await db
    .select({ email: privacyLinks.email, expiresAt: privacyLinks.expiresAt })
    .from(privacyLinks)
    .where(
      and(
        eq(privacyLinks.tokenHash, statusTokenHash(token)),
        gt(privacyLinks.expiresAt, sql`now()`),
      ),
    );
  if (!link) throw new AppError('not_found', PRIVACY_MESSAGES.invalidLink);
  return link;
}
