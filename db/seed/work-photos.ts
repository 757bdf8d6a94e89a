/**
 * The sample providers' photos of past work: drawn files under
 * public/public-objects/ (scripts/draw-work-photos.ts), never fetched, chosen by the
 * provider's main kind of work.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { providerWorkPhotos, serviceProviders } from '../schema.ts';

/** By the sample provider's e-mail (sample-providers.ts). */
export const SAMPLE_WORK_PHOTOS: Readonly<Record<string, readonly string[]>> = {
  'info@highveldsecure.example.com': [
    'work-camera-1.webp',
    'work-keypad-1.webp',
    'work-gate-1.webp',
  ],
  'projects@lionsheadmedia.example.com': ['work-studio-1.webp', 'work-rack-1.webp'],
  'hello@umgeniwireless.example.com': [
    'work-accessPoint-1.webp',
    'work-rack-2.webp',
    'work-camera-2.webp',
  ],
  'sales@jacarandaaccess.example.com': ['work-gate-2.webp', 'work-keypad-2.webp'],
  'service@algoaalarm.example.com': ['work-keypad-3.webp', 'work-camera-3.webp'],
  'admin@rosestadnetworks.example.com': ['work-rack-3.webp', 'work-accessPoint-2.webp'],
};

export const SAMPLE_WORK_PHOTO_FILES = [...new Set(Object.values(SAMPLE_WORK_PHOTOS).flat())];

/** Adds the photos to the sample providers that have none yet. */
export async function seedWorkPhotos(db: Database): Promise<void> {
  const providers = await db
    .select({ id: serviceProviders.id, email: serviceProviders.email })
    .from(serviceProviders)
    .where(inArray(serviceProviders.email, Object.keys(SAMPLE_WORK_PHOTOS)));
  const rows = [];
  for (const { id, email } of providers) {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(providerWorkPhotos)
      .where(sql`${providerWorkPhotos.providerId} = ${id}`);
    if ((row?.count ?? 0) > 0) continue;
    for (const imagePath of SAMPLE_WORK_PHOTOS[email] ?? [])
      rows.push({ providerId: id, imagePath });
  }
  if (rows.length > 0) await db.insert(providerWorkPhotos).values(rows);
}
