/**
 * Photos of the site with a request. They show a home's doors, gates and
 * cameras, so they are private: re-encoded (no metadata, no place they were taken),
 * stored under `private/`, and served only to who may see the request: its customer
 * (with the status-page token), its provider, and the enquiry desk. Never cached.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client.ts';
import { customerEnquiries, enquiryPhotos } from '../../../db/schema.ts';
import { AppError } from '../errors.ts';
import { privateFileHeaders } from '../http/private-file-headers.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { claimPrivateImage } from '../uploads/claim-upload.ts';

export const SITE_PHOTO_NOT_FOUND = 'Photo not found';

/** Who asks for a photo: the answer is the same 404 for a photo of another request. */
export type PhotoViewer =
  | { kind: 'customer'; enquiryId: number }
  | { kind: 'provider'; providerId: number }
  | { kind: 'admin' };

/** The addresses that show a request's photos to each viewer. */
export const sitePhotoPaths = {
  customer: (photoId: number, token: string) =>
    `/api/requests/photos/${photoId}?token=${encodeURIComponent(token)}`,
  provider: (photoId: number) => `/api/provider/enquiries/photos/${photoId}`,
  admin: (photoId: number) => `/api/admin/enquiries/photos/${photoId}`,
} as const;

/** Claims each uploaded photo, in order, for the request, in the caller's transaction. */
export async function attachSitePhotos(
  tx: Transaction,
  store: ObjectStore,
  { enquiryId, references }: { enquiryId: number; references: readonly string[] },
): Promise<number> {
  for (const [index, reference] of references.entries()) {
    const photo = await claimPrivateImage(tx, store, {
      reference,
      purpose: 'site-photo',
      field: `sitePhotos.${index}`,
    });
    await tx.insert(enquiryPhotos).values({ enquiryId, position: index + 1, ...photo });
  }
  return references.length;
}

/**
 * The site photos of a request's first copy, for another copy of it (one brief sent to
 * several providers): the same private objects, a row each, so that each copy's provider
 * sees them and nobody else's provider does.
 */
export async function shareSitePhotos(
  tx: Transaction,
  { from, to }: { from: number; to: number },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ${enquiryPhotos} (enquiry_id, position, object_key, content_type, size)
    SELECT ${to}, position, object_key, content_type, size
      FROM ${enquiryPhotos} WHERE enquiry_id = ${from}`);
}

/** The photo ids of each request, in order. */
export async function photoIdsOf(
  db: Database,
  enquiryIds: readonly number[],
): Promise<Map<number, number[]>> {
  const ids = new Map<number, number[]>();
  if (enquiryIds.length === 0) return ids;
  const rows = await db
    .select({ id: enquiryPhotos.id, enquiryId: enquiryPhotos.enquiryId })
    .from(enquiryPhotos)
    .where(inArray(enquiryPhotos.enquiryId, [...enquiryIds]))
    .orderBy(asc(enquiryPhotos.enquiryId), asc(enquiryPhotos.position));
  for (const row of rows) ids.set(row.enquiryId, [...(ids.get(row.enquiryId) ?? []), row.id]);
  return ids;
}

/** A photo's bytes for a viewer who may see its request; 404 for anybody else. */
export async function readSitePhoto(
  db: Database,
  store: ObjectStore,
  { photoId, viewer }: { photoId: number; viewer: PhotoViewer },
): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: string; enquiryId: number }> {
  const notFound = () => new AppError('not_found', SITE_PHOTO_NOT_FOUND);
  const [photo] = await db
    .select({
      objectKey: enquiryPhotos.objectKey,
      contentType: enquiryPhotos.contentType,
      enquiryId: enquiryPhotos.enquiryId,
      providerId: customerEnquiries.assignedProviderId,
    })
    .from(enquiryPhotos)
    .innerJoin(customerEnquiries, eq(customerEnquiries.id, enquiryPhotos.enquiryId))
    .where(eq(enquiryPhotos.id, photoId));
  if (!photo) throw notFound();
  const allowed =
    viewer.kind === 'admin' ||
    (viewer.kind === 'customer' && viewer.enquiryId === photo.enquiryId) ||
    (viewer.kind === 'provider' && viewer.providerId === photo.providerId);
  if (!allowed) throw notFound();
  const bytes = await store.get(photo.objectKey);
  if (!bytes) throw notFound();
  return { bytes, contentType: photo.contentType, enquiryId: photo.enquiryId };
}

/** The headers of a photo: its type, shown inline, never stored by a cache on the way. */
export const sitePhotoHeaders = (contentType: string) => privateFileHeaders(contentType, 'inline');
