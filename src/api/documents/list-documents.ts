import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { adminUsers, documentViews, evidenceDocuments as d } from '../../../db/schema.ts';
import type { CheckType } from '../../lib/catalog/checks.ts';

/** Views listed per document: the latest few (the log itself keeps them all). */
export const VIEWS_SHOWN = 5;

/** A document as admins see it listed: never its storage key. */
export interface DocumentSummary {
  id: number;
  checkType: CheckType;
  fileName: string;
  contentType: string;
  size: number;
  uploadedBy: string;
  uploadedAt: Date;
  statedReference: string | null;
  statedValidUntil: string | null;
  reviewStatus: 'waiting' | 'reviewed';
  views: { admin: string; viewedAt: Date }[];
  viewCount: number;
}

/** The evidence documents of a provider or of an application, newest first, with views. */
export async function listDocuments(
  db: Database,
  owner: { providerId: number } | { applicationId: number },
): Promise<DocumentSummary[]> {
  const where: SQL =
    'providerId' in owner
      ? eq(d.providerId, owner.providerId)
      : eq(d.applicationId, owner.applicationId);
  const documents = await db
    .select({
      id: d.id,
      checkType: d.checkType,
      fileName: d.fileName,
      contentType: d.contentType,
      size: d.size,
      uploadedBy: d.uploadedBy,
      uploadedAt: d.createdAt,
      statedReference: d.statedReference,
      statedValidUntil: sql<string | null>`${d.statedValidUntil}::text`,
      reviewStatus: d.reviewStatus,
    })
    .from(d)
    .where(where)
    .orderBy(desc(d.createdAt), desc(d.id));
  if (documents.length === 0) return [];
  const views = await db
    .select({
      documentId: documentViews.documentId,
      admin: sql<string>`${adminUsers.firstName} || ' ' || ${adminUsers.lastName}`,
      viewedAt: documentViews.viewedAt,
    })
    .from(documentViews)
    .innerJoin(adminUsers, eq(adminUsers.id, documentViews.adminId))
    .where(
      and(
        inArray(
          documentViews.documentId,
          documents.map((document) => document.id),
        ),
      ),
    )
    .orderBy(desc(documentViews.viewedAt), desc(documentViews.id));
  return documents.map((document) => {
    const own = views.filter((view) => view.documentId === document.id);
    return {
      ...document,
      viewCount: own.length,
      views: own.slice(0, VIEWS_SHOWN).map(({ admin, viewedAt }) => ({ admin, viewedAt })),
    };
  });
}
