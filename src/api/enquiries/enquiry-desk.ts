/**
 * The enquiry desk (beyond the spec: its enquiries "go to an admin team, which
 * coordinates with the provider"): every enquiry, filtered and searched; assign one to
 * an approved provider who offers the service, change its status, keep notes.
 */
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Queryable } from '../../../db/client.ts';
import { customerEnquiries as e, serviceProviders } from '../../../db/schema.ts';
import type { z } from 'zod';
import type { EnquiryUpdateSchema } from '../../lib/schemas/admin-operations.ts';
import {
  pageOffset,
  type AdminPage,
  type EnquiryDeskQuerySchema,
} from '../../lib/schemas/admin-lists.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { enquiryAssignedMessage } from '../mail/messages.ts';
import { inviteReview } from '../reviews/reviews.ts';

const deskColumns = {
  id: e.id,
  customerName: e.customerName,
  customerEmail: e.customerEmail,
  customerPhone: e.customerPhone,
  serviceType: e.serviceType,
  location: e.location,
  description: e.description,
  budget: e.budget,
  urgency: e.urgency,
  status: e.status,
  assignedProviderId: e.assignedProviderId,
  assignedProviderName: serviceProviders.name,
  adminNotes: e.adminNotes,
  providerResponse: e.providerResponse,
  providerNotes: e.providerNotes,
  respondedAt: e.respondedAt,
  createdAt: e.createdAt,
  updatedAt: e.updatedAt,
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

type DeskRow = Awaited<ReturnType<typeof getEnquiry>>;

/**
 * One page, newest first (the id keeps pages stable), and how many match; status and
 * urgency filters; search in customer name, e-mail and location.
 */
export async function listEnquiries(
  db: Database,
  query: z.output<typeof EnquiryDeskQuerySchema>,
): Promise<AdminPage<DeskRow>> {
  const conditions: (SQL | undefined)[] = [
    query.status ? eq(e.status, query.status) : undefined,
    query.urgency ? eq(e.urgency, query.urgency) : undefined,
  ];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(
      or(
        ilike(e.customerName, pattern),
        ilike(e.customerEmail, pattern),
        ilike(e.location, pattern),
      ),
    );
  }
  const where = and(...conditions);
  const [items, [total]] = await Promise.all([
    db
      .select(deskColumns)
      .from(e)
      .leftJoin(serviceProviders, eq(serviceProviders.id, e.assignedProviderId))
      .where(where)
      .orderBy(desc(e.createdAt), desc(e.id))
      .limit(query.limit)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(e).where(where),
  ]);
  return { items, total: total?.total ?? 0 };
}

export async function getEnquiry(db: Queryable, id: number, { lock = false } = {}) {
  const query = db
    .select(deskColumns)
    .from(e)
    .leftJoin(serviceProviders, eq(serviceProviders.id, e.assignedProviderId))
    .where(eq(e.id, id));
  const [row] = lock ? await query.for('update', { of: e }) : await query;
  if (!row) throw new AppError('not_found', 'Enquiry not found');
  return row;
}

/**
 * Assigning checks the provider (approved, offers the enquiry's service), sets the status
 * to assigned unless another is given, and e-mails the provider. Unassigning an enquiry
 * whose status is 'assigned' puts it back to 'new' unless another status is given.
 */
export async function updateEnquiry(
  db: Database,
  {
    id,
    changes,
    secret,
    siteUrl,
  }: {
    id: number;
    changes: z.output<typeof EnquiryUpdateSchema>;
    /** Signs the review link sent when the enquiry becomes completed. */
    secret: Uint8Array;
    siteUrl: string;
  },
) {
  return db.transaction(async (tx) => {
    const current = await getEnquiry(tx, id, { lock: true });
    const assigning =
      changes.assignedProviderId !== undefined &&
      changes.assignedProviderId !== null &&
      changes.assignedProviderId !== current.assignedProviderId;

    // Taking the provider off an enquiry that only waited for it puts it back in the queue;
    // otherwise the desk would show it 'assigned' to no one.
    const unassigning =
      changes.assignedProviderId === null &&
      current.assignedProviderId !== null &&
      current.status === 'assigned';

    let provider: { name: string; email: string } | undefined;
    if (assigning) {
      const [candidate] = await tx
        .select({
          name: serviceProviders.name,
          email: serviceProviders.email,
          isApproved: serviceProviders.isApproved,
          services: serviceProviders.services,
        })
        .from(serviceProviders)
        .where(eq(serviceProviders.id, changes.assignedProviderId ?? 0));
      const refuse = (message: string) => {
        throw new AppError('bad_request', message, { assignedProviderId: message });
      };
      if (!candidate) refuse('That provider does not exist.');
      else if (!candidate.isApproved) refuse('That provider is not approved.');
      else if (!candidate.services.includes(current.serviceType))
        refuse('That provider does not offer this service.');
      provider = candidate;
    }

    await tx
      .update(e)
      .set({
        ...(changes.assignedProviderId !== undefined && {
          assignedProviderId: changes.assignedProviderId,
        }),
        ...(changes.adminNotes !== undefined && { adminNotes: changes.adminNotes }),
        status: changes.status ?? (assigning ? 'assigned' : unassigning ? 'new' : sql`${e.status}`),
      })
      .where(eq(e.id, id));

    if (assigning && provider) {
      await enqueueMail(
        tx,
        enquiryAssignedMessage(provider, current, new URL('/dashboard', siteUrl).href),
      );
    }
    const updated = await getEnquiry(tx, id);
    if (updated.status === 'completed' && current.status !== 'completed') {
      await inviteReview(tx, { enquiryId: id, secret, siteUrl });
    }
    return updated;
  });
}
