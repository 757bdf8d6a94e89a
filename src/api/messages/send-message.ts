/**
 * A message of a request's conversation (docs/decisions/0050), from either side: stored
 * with its files in one transaction with the mail that tells the other side, through the
 * outbox. The customer writes from the status page (its token opens every copy of its
 * request), the provider from the dashboard (its own copy only).
 */
import { and, count, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client.ts';
import {
  customerEnquiries as e,
  requestMessageFiles,
  requestMessages,
  serviceProviders as p,
  type MessageAuthor,
} from '../../../db/schema.ts';
import {
  MESSAGE_LIMITS,
  MESSAGE_TEXTS,
  type CustomerMessage,
  type Message,
} from '../../lib/schemas/request-messages.ts';
import { AppError } from '../errors.ts';
import { mailAtMostHourly } from '../jobs/enqueue.ts';
import { customerMessageMail, providerMessageMail } from '../mail/messages.ts';
import { hitRateLimit } from '../rate-limits/hit-rate-limit.ts';
import { groupReference } from '../requests/request-group.ts';
import { copiesOfToken } from '../requests/request-of-token.ts';
import { newStatusLink } from '../requests/status-tokens.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { claimMessageFile } from './claim-message-file.ts';
import { MESSAGE_RATE_LIMITS } from './message-rate-limits.ts';

/** The copy a message goes to, locked until the transaction ends (the count below holds). */
async function lockedCopy(tx: Transaction, enquiryId: number) {
  const [copy] = await tx
    .select({
      id: e.id,
      groupId: e.groupId,
      createdAt: e.createdAt,
      status: e.status,
      providerId: e.assignedProviderId,
      customerName: e.customerName,
      customerEmail: e.customerEmail,
      emailConfirmedAt: e.emailConfirmedAt,
      serviceType: e.serviceType,
      location: e.location,
    })
    .from(e)
    .where(eq(e.id, enquiryId))
    .for('update');
  return copy;
}

/**
 * Stores the message and its files on the copy, with the provider the copy has now: a
 * closed conversation (the copy cancelled) answers 409, as does one at its length limit.
 */
async function storeMessage(
  tx: Transaction,
  store: ObjectStore,
  {
    copy,
    providerId,
    author,
    message,
    owner,
  }: {
    copy: { id: number; status: string };
    providerId: number;
    author: MessageAuthor;
    message: Message;
    /** Whose upload tickets the files may come from. */
    owner: string;
  },
) {
  if (copy.status === 'cancelled') throw new AppError('conflict', MESSAGE_TEXTS.closed);
  const [written] = await tx
    .select({ messages: count() })
    .from(requestMessages)
    .where(eq(requestMessages.enquiryId, copy.id));
  if ((written?.messages ?? 0) >= MESSAGE_LIMITS.perConversation) {
    throw new AppError('conflict', MESSAGE_TEXTS.full);
  }
  const [stored] = await tx
    .insert(requestMessages)
    .values({ enquiryId: copy.id, providerId, author, body: message.text })
    .returning({ id: requestMessages.id, createdAt: requestMessages.createdAt });
  if (!stored) throw new Error('The message was not stored');
  for (const [index, file] of message.files.entries()) {
    const claimed = await claimMessageFile(tx, store, {
      reference: file.upload,
      owner,
      field: `files.${index}`,
    });
    await tx.insert(requestMessageFiles).values({
      messageId: stored.id,
      position: index + 1,
      fileName: file.fileName,
      ...claimed,
    });
  }
  return stored;
}

const mailedMessage = (message: Message) => ({
  text: message.text,
  fileNames: message.files.map((file) => file.fileName),
});

/**
 * The customer writes to the provider of one copy of its request (POST
 * /api/requests/messages): the copy must be in the group the token opens (else 404, as if
 * it did not exist) and have a listed provider (else 409). The provider is mailed, with
 * its dashboard's link; the customer's own e-mail and phone are not in the mail.
 */
export async function sendCustomerMessage(
  db: Database,
  store: ObjectStore,
  { token, enquiryId, text, files }: CustomerMessage,
  { client, siteUrl }: { client: string; siteUrl: string },
): Promise<{ id: number; at: Date }> {
  await hitRateLimit(db, MESSAGE_RATE_LIMITS.customer, client);
  const group = await copiesOfToken(db, token);
  if (!group.includes(enquiryId)) throw new AppError('not_found', MESSAGE_TEXTS.notFound);
  return db.transaction(async (tx) => {
    const copy = await lockedCopy(tx, enquiryId);
    if (!copy) throw new AppError('not_found', MESSAGE_TEXTS.notFound);
    const [provider] =
      copy.providerId === null
        ? []
        : await tx
            .select({ name: p.name, email: p.email })
            .from(p)
            .where(and(eq(p.id, copy.providerId), eq(p.isApproved, true)));
    // A provider taken off the listing cannot answer: the desk follows the request.
    if (copy.providerId === null || !provider) {
      throw new AppError('conflict', MESSAGE_TEXTS.noProvider);
    }
    const message = { text, files };
    const stored = await storeMessage(tx, store, {
      copy,
      providerId: copy.providerId,
      author: 'customer',
      message,
      owner: 'public',
    });
    await mailAtMostHourly(
      tx,
      `request-message:${copy.id}:provider`,
      customerMessageMail(provider, copy, mailedMessage(message), {
        reference: groupReference(copy),
        dashboardUrl: new URL(`/dashboard?enquiry=${copy.id}`, siteUrl).href,
      }),
    );
    return { id: stored.id, at: stored.createdAt };
  });
}

/**
 * The provider writes to the customer of its own copy (POST
 * /api/provider/enquiries/{id}/messages; another's answers 404). The customer is mailed
 * only at a confirmed address (as responses are), with a new link to the request's page.
 */
export async function sendProviderMessage(
  db: Database,
  store: ObjectStore,
  {
    providerId,
    enquiryId,
    message,
    siteUrl,
  }: { providerId: number; enquiryId: number; message: Message; siteUrl: string },
): Promise<{ id: number; at: Date; emailed: boolean }> {
  await hitRateLimit(db, MESSAGE_RATE_LIMITS.provider, `provider:${providerId}`);
  return db.transaction(async (tx) => {
    const copy = await lockedCopy(tx, enquiryId);
    if (!copy || copy.providerId !== providerId) {
      throw new AppError('not_found', MESSAGE_TEXTS.notFound);
    }
    const stored = await storeMessage(tx, store, {
      copy,
      providerId,
      author: 'provider',
      message,
      owner: `provider:${providerId}`,
    });
    const [provider] = await tx.select({ name: p.name }).from(p).where(eq(p.id, providerId));
    const emailed = Boolean(copy.emailConfirmedAt && provider);
    if (emailed && provider) {
      await mailAtMostHourly(
        tx,
        `request-message:${copy.id}:customer`,
        providerMessageMail(copy, provider.name, mailedMessage(message), {
          reference: groupReference(copy),
          statusUrl: await newStatusLink(tx, { enquiryId: copy.id, siteUrl }),
        }),
      );
    }
    return { id: stored.id, at: stored.createdAt, emailed };
  });
}
