import { eq, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { customerEnquiries as e, requestStatusLinks as links } from '../../../db/schema.ts';
import {
  REQUEST_STATUS_MESSAGES,
  STATUS_PAGE_DAYS_AFTER_CLOSING,
} from '../../lib/schemas/request-status.ts';
import { AppError } from '../errors.ts';
import { copiesInGroupOf } from './request-group.ts';
import { statusTokenHash } from './status-tokens.ts';

/**
 * The request a status token opens (the first mail's, or a later mail's: status-tokens.ts):
 * 400 for a token no request has (tampered, or made up), 410 once the request has been
 * closed for more than 30 days.
 */
export async function requestOfToken(db: Queryable, token: string) {
  const hash = statusTokenHash(token);
  const [request] = await db
    .select({
      id: e.id,
      expired: sql<boolean>`coalesce(${e.closedAt} < now() - ${sql.raw(`interval '${STATUS_PAGE_DAYS_AFTER_CLOSING} days'`)}, false)`,
    })
    .from(e)
    .where(
      or(
        eq(e.statusTokenHash, hash),
        eq(e.id, sql`(SELECT ${links.enquiryId} FROM ${links} WHERE ${links.tokenHash} = ${hash})`),
      ),
    );
  if (!request) throw new AppError('bad_request', REQUEST_STATUS_MESSAGES.invalid);
  if (request.expired) throw new AppError('gone', REQUEST_STATUS_MESSAGES.expired);
  return request.id;
}

/**
 * The ids of every copy of the request group a status token opens: its customer may see
 * and write to each (docs/decisions/0050), first copy first.
 */
export async function copiesOfToken(db: Queryable, token: string): Promise<number[]> {
  return copiesInGroupOf(db, await requestOfToken(db, token));
}
