import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { adminUsers, contactMessages } from '../../../db/schema.ts';
import type { Company } from '../../lib/company.ts';
import { contactReference, type ContactMessage } from '../../lib/schemas/contact-message.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { contactMessageCopy, contactMessageToOperator } from '../mail/messages.ts';

/**
 * A visitor writes to the operator through /contact: the message is stored, mailed to the
 * company's e-mail address (PUBLIC_COMPANY_EMAIL) with the sender as Reply-To, and the
 * sender is mailed a copy with its reference, all in one transaction through the outbox.
 * A production site cannot start without the company's e-mail (env.ts); locally, where it
 * may be unset, the operator's mail goes to the active admins instead, so a developer sees
 * it in the outbox. Both limits are rate limits: per connection (the route) and, as the
 * copy goes to the address given, per address (docs/decisions/0043).
 */
export async function sendContactMessage(
  db: Database,
  message: ContactMessage,
  { clientAddress, company }: { clientAddress: string; company: Company },
): Promise<{ id: number; reference: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...message, clientAddress })
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
    if (!row) throw new Error('contact message not stored');
    const reference = contactReference(row.id, row.createdAt);
    const operator = company.configured.email
      ? [company.configured.email]
      : (
          await tx
            .select({ email: adminUsers.email })
            .from(adminUsers)
            .where(eq(adminUsers.isActive, true))
        ).map((admin) => admin.email);
    for (const to of operator) {
      await enqueueMail(tx, contactMessageToOperator(to, message, reference));
    }
    await enqueueMail(tx, contactMessageCopy(message, reference, company));
    return { id: row.id, reference };
  });
}
