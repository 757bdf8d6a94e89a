/**
 * The files sent with messages: private, served only to who may read the conversation
 * (its customer with the status page's token, its provider, the desk) and never cached.
 * Anybody else gets the same 404 as for a file that does not exist.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  customerEnquiries as e,
  requestMessageFiles as f,
  requestMessages as m,
} from '../../../db/schema.ts';
import { MESSAGE_TEXTS } from '../../lib/schemas/request-messages.ts';
import { AppError } from '../errors.ts';
import { privateFileHeaders } from '../http/private-file-headers.ts';
import { contentDisposition } from '../storage/content-disposition.ts';
import type { ObjectStore } from '../storage/object-store.ts';

/** Who asks for a file. */
export type MessageFileViewer =
  | { kind: 'customer'; enquiryIds: readonly number[]; token: string }
  | { kind: 'provider'; providerId: number }
  | { kind: 'admin' };

/** The address of a file for each viewer. */
export function messageFilePath(fileId: number, viewer: MessageFileViewer): string {
  switch (viewer.kind) {
    case 'customer':
      return `/api/requests/messages/files/${fileId}?token=${encodeURIComponent(viewer.token)}`;
    case 'provider':
      return `/api/provider/messages/files/${fileId}`;
    case 'admin':
      return `/api/admin/messages/files/${fileId}`;
  }
}

/** A file's bytes for a viewer who may read its conversation; 404 for anybody else. */
export async function readMessageFile(
  db: Database,
  store: ObjectStore,
  { fileId, viewer }: { fileId: number; viewer: MessageFileViewer },
) {
  const notFound = () => new AppError('not_found', MESSAGE_TEXTS.fileNotFound);
  const [file] = await db
    .select({
      objectKey: f.objectKey,
      contentType: f.contentType,
      fileName: f.fileName,
      enquiryId: m.enquiryId,
      messageProviderId: m.providerId,
      assignedProviderId: e.assignedProviderId,
    })
    .from(f)
    .innerJoin(m, eq(m.id, f.messageId))
    .innerJoin(e, eq(e.id, m.enquiryId))
    .where(eq(f.id, fileId));
  if (!file) throw notFound();
  const allowed =
    viewer.kind === 'admin' ||
    (viewer.kind === 'customer' && viewer.enquiryIds.includes(file.enquiryId)) ||
    (viewer.kind === 'provider' &&
      file.messageProviderId === viewer.providerId &&
      file.assignedProviderId === viewer.providerId);
  if (!allowed) throw notFound();
  const bytes = await store.get(file.objectKey);
  if (!bytes) throw notFound();
  return {
    bytes,
    contentType: file.contentType,
    fileName: file.fileName,
    enquiryId: file.enquiryId,
  };
}

/** The headers of a file: its type and name, shown inline, never stored by a cache. */
export const messageFileHeaders = (file: { contentType: string; fileName: string }) =>
  privateFileHeaders(file.contentType, contentDisposition(file.fileName));

/** The files of each message, in order, with their addresses for the viewer. */
export async function filesOf(
  db: Database,
  messageIds: readonly number[],
  viewer: MessageFileViewer,
) {
  const files = new Map<
    number,
    { id: number; name: string; contentType: string; size: number; url: string }[]
  >();
  if (messageIds.length === 0) return files;
  const rows = await db
    .select({
      id: f.id,
      messageId: f.messageId,
      fileName: f.fileName,
      contentType: f.contentType,
      size: f.size,
    })
    .from(f)
    .where(inArray(f.messageId, [...messageIds]))
    .orderBy(f.messageId, f.position);
  for (const row of rows) {
    const list = files.get(row.messageId) ?? [];
    list.push({
      id: row.id,
      name: row.fileName,
      contentType: row.contentType,
      size: row.size,
      url: messageFilePath(row.id, viewer),
    });
    files.set(row.messageId, list);
  }
  return files;
}
