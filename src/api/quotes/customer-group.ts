import { eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { customerEnquiries as e } from '../../../db/schema.ts';
import { AppError } from '../errors.ts';
import { requestOfToken } from '../requests/request-of-token.ts';
import { copiesOfGroup, groupOf } from './read-quotes.ts';

/**
 * The request group a customer's status token opens: the token resolves to one copy,
 * and its customer may see and act on every copy of the group (one brief sent to up to
 * three providers is one request), never on another request.
 */
export async function customerGroup(db: Queryable, token: string) {
  const copyId = await requestOfToken(db, token);
  const [copy] = await db.select({ id: e.id, groupId: e.groupId }).from(e).where(eq(e.id, copyId));
  if (!copy) throw new AppError('not_found', 'This request no longer exists.');
  const groupId = groupOf(copy);
  return { copyId, groupId, copyIds: await copiesOfGroup(db, groupId) };
}
