import { eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { serviceProviders as p } from '../../../db/schema.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { requestCancelledMessage } from '../mail/messages.ts';

/**
 * Mails the provider of a cancelled copy that it is cancelled, and why, with the way to its
 * dashboard. A copy with no provider, or whose provider is gone, tells no one.
 */
export async function tellProviderOfCancellation(
  tx: Queryable,
  {
    providerId,
    reference,
    reason,
    siteUrl,
  }: { providerId: number | null; reference: string; reason: string; siteUrl: string },
): Promise<void> {
  if (providerId === null) return;
  const [provider] = await tx
    .select({ name: p.name, email: p.email })
    .from(p)
    .where(eq(p.id, providerId));
  if (!provider) return;
  await enqueueMail(
    tx,
    requestCancelledMessage(provider, {
      reference,
      reason,
      dashboardUrl: new URL('/dashboard', siteUrl).href,
    }),
  );
}
