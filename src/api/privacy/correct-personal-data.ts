/**
 * A person corrects their name or phone (POPIA s24): every request of the address's
 * mailbox carries the corrected value, so providers and the desk see it too. An empty
 * phone removes it.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { customerEnquiries as e } from '../../../db/schema.ts';
import type { PrivacyCorrection } from '../../lib/schemas/privacy.ts';

export async function correctPersonalData(
  db: Database,
  email: string,
  { name, phone }: Omit<PrivacyCorrection, 'token'>,
): Promise<{ requests: number }> {
  const changed = await db
    .update(e)
    .set({
      ...(name !== undefined && { customerName: name }),
      ...(phone !== undefined && { customerPhone: phone === '' ? null : phone }),
      updatedAt: sql`now()`,
    })
    .where(sql`mailbox_of(${e.customerEmail}) = mailbox_of(${email})`)
    .returning({ id: e.id });
  return { requests: changed.length };
}
