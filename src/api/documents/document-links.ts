/**
 * Evidence documents are shown to admins only, through links that work for a few
 * minutes. Opening one is logged first: who, when, which document. On S3 the
 * link is a presigned GET of the private object; on local disk it is our own route,
 * carrying a signed token (a JWT, HS256, the session key) bound to the document and the
 * admin, and the route also wants that admin's session.
 */
import { eq } from 'drizzle-orm';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Database } from '../../../db/client.ts';
import { documentViews, evidenceDocuments } from '../../../db/schema.ts';
import { AppError } from '../errors.ts';
import type { ObjectStore } from '../storage/object-store.ts';

export const DOCUMENT_LINK_MINUTES = 5;
const PURPOSE = 'evidence-document';

export const DOCUMENT_LINK_MESSAGES = {
  notFound: 'Document not found',
  invalid: 'This document link is not valid. Open the document again from the admin screen.',
  expired: `This document link has expired: links work for ${DOCUMENT_LINK_MINUTES} minutes. Open the document again from the admin screen.`,
} as const;

export const documentFilePath = (documentId: number) => `/api/admin/documents/${documentId}/file`;

/**
 * Logs that `adminId` opens document `documentId` and answers the address that shows it
 * for the next few minutes.
 */
export async function openDocument(
  db: Database,
  store: ObjectStore,
  {
    documentId,
    adminId,
    secret,
    now = new Date(),
  }: {
    documentId: number;
    adminId: number;
    secret: Uint8Array;
    now?: Date;
  },
): Promise<string> {
  const document = await storedDocument(db, documentId);
  await db.insert(documentViews).values({ documentId, adminId, viewedAt: now });
  if (store.privateDownloadUrl) {
    return store.privateDownloadUrl(document.objectKey, DOCUMENT_LINK_MINUTES * 60, {
      name: document.fileName,
      contentType: document.contentType,
    });
  }
  const token = await new SignJWT({ purpose: PURPOSE, admin: adminId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(documentId))
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(now.getTime() / 1000) + DOCUMENT_LINK_MINUTES * 60)
    .sign(secret);
  return `${documentFilePath(documentId)}?token=${encodeURIComponent(token)}`;
}

/**
 * The document a link's token opens, for the admin signed in: 400 for a token of another
 * document or admin (or none), 410 once its minutes are over.
 */
export async function documentOfLink(
  secret: Uint8Array,
  {
    token,
    documentId,
    adminId,
  }: { token: string | undefined; documentId: number; adminId: number },
): Promise<number> {
  const forbidden = () => new AppError('bad_request', DOCUMENT_LINK_MESSAGES.invalid);
  if (!token) throw forbidden();
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    if (
      payload.purpose !== PURPOSE ||
      payload.sub !== String(documentId) ||
      payload.admin !== adminId
    ) {
      throw forbidden();
    }
    return documentId;
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      throw new AppError('gone', DOCUMENT_LINK_MESSAGES.expired);
    }
    if (error instanceof AppError) throw error;
    throw forbidden();
  }
}

/** A document's bytes and what to call them, read from the private store. */
export async function readDocument(db: Database, store: ObjectStore, documentId: number) {
  const document = await storedDocument(db, documentId);
  const bytes = await store.get(document.objectKey);
  if (!bytes) throw new AppError('not_found', DOCUMENT_LINK_MESSAGES.notFound);
  return { bytes, fileName: document.fileName, contentType: document.contentType };
}

/** Where a document is stored and what to call it; 404 when there is none. */
async function storedDocument(db: Database, documentId: number) {
  const [document] = await db
    .select({
      objectKey: evidenceDocuments.objectKey,
      fileName: evidenceDocuments.fileName,
      contentType: evidenceDocuments.contentType,
    })
    .from(evidenceDocuments)
    .where(eq(evidenceDocuments.id, documentId));
  if (!document) throw new AppError('not_found', DOCUMENT_LINK_MESSAGES.notFound);
  return document;
}
