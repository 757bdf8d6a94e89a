import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { reviews as r } from '../../../db/schema.ts';
import { AppError } from '../errors.ts';

/** One public reply per review, by the reviewed provider only (another's answers 404). */
export async function replyToReview(
  db: Database,
  { providerId, reviewId, reply }: { providerId: number; reviewId: number; reply: string },
) {
  const [row] = await db
    .update(r)
    .set({ providerReply: reply, repliedAt: sql`now()` })
    .where(
      and(
        eq(r.id, reviewId),
        eq(r.providerId, providerId),
        isNull(r.heldAt),
        isNull(r.providerReply),
      ),
    )
    .returning({ id: r.id });
  if (row) return;
  const [existing] = await db
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.id, reviewId), eq(r.providerId, providerId), isNull(r.heldAt)));
  if (!existing) throw new AppError('not_found', 'Review not found');
  throw new AppError('conflict', 'You have replied to this review already.');
}
