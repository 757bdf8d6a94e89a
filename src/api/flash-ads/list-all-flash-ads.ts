import { asc, desc } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { flashAds } from '../../../db/schema.ts';

/** Every ad, active or not, in the banner's order: priority 1 first, then newest (spec: Flash Ads tab). */
export function listAllFlashAds(db: Database) {
  return db
    .select()
    .from(flashAds)
    .orderBy(asc(flashAds.priority), desc(flashAds.createdAt), desc(flashAds.id));
}
