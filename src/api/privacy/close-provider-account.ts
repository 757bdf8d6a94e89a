/**
 * A provider closes its account from the dashboard (docs/decisions/0053): it is unlisted at
 * once, as an admin's deactivation unlists it (is_approved false: out of search, its page
 * and the customers' reach), and its personal data is erased by the retention job
 * RETENTION.closedProviderAccounts.days after closing (apply-retention.ts).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { serviceProviders as p } from '../../../db/schema.ts';
import { dueAt, RETENTION } from '../../lib/retention.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { accountClosedMessage } from './privacy-mail.ts';

/** The day a provider account closed at `closedAt` is erased. */
export const erasedOn = (closedAt: Date | string) =>
  dueAt(closedAt, RETENTION.closedProviderAccounts.days);

export async function closeProviderAccount(
  db: Database,
  { providerId, now = new Date() }: { providerId: number; now?: Date },
): Promise<{ closedAt: Date; erasedOn: Date }> {
  return db.transaction(async (tx) => {
    const [closed] = await tx
      .update(p)
      .set({ isApproved: false, closedAt: now })
      .where(and(eq(p.id, providerId), isNull(p.closedAt)))
      .returning({ email: p.email, name: p.name, closedAt: p.closedAt });
    if (!closed) {
      const [already] = await tx
        .select({ closedAt: p.closedAt })
        .from(p)
        .where(eq(p.id, providerId));
      if (!already?.closedAt) throw new AppError('not_found', 'Provider not found');
      return { closedAt: already.closedAt, erasedOn: erasedOn(already.closedAt) };
    }
    const on = erasedOn(now);
    await enqueueMail(tx, accountClosedMessage(closed.email, { name: closed.name, erasedOn: on }));
    return { closedAt: now, erasedOn: on };
  });
}
