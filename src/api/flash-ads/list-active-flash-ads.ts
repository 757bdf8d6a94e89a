import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { flashAds } from '../../../db/schema.ts';

export interface PublicFlashAd {
  title: string;
  subtitle: string;
  imageUrl: string | null;
  /** A page of this site ('/providers?...') or an https address; null: the ad leads nowhere. */
  linkUrl: string | null;
  displayDuration: number;
}

/** Active ads for the home banner: priority 1 first, then newest. */
export async function listActiveFlashAds(db: Database): Promise<PublicFlashAd[]> {
  return db
    .select({
      title: flashAds.title,
      subtitle: flashAds.subtitle,
      imageUrl: flashAds.imageUrl,
      linkUrl: flashAds.linkUrl,
      displayDuration: flashAds.displayDuration,
    })
    .from(flashAds)
    .where(eq(flashAds.isActive, true))
    .orderBy(asc(flashAds.priority), desc(flashAds.createdAt), desc(flashAds.id));
}
