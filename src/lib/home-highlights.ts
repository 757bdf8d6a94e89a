/**
 * The home page's highlights: how many of each, and the visitor's
 * position as it is sent. No zod here: the home island reads this and stays small.
 */

/** A provider is "top rated" only with at least this many visible reviews. */
export const TOP_RATED_MIN_REVIEWS = 3;
/** "Near you": a position within this many kilometres of the visitor's. */
export const NEAR_YOU_KM = 50;
export const TOP_RATED_COUNT = 4;
export const RECENTLY_VERIFIED_COUNT = 4;
export const RECENT_REVIEWS_COUNT = 3;

/**
 * A position rounded to 0.1° (about 11 km) before it leaves the browser: near enough for
 * a 50 km circle, it does not pin a home, and nearby visitors share the CDN's answer.
 */
export function roundedPosition(degrees: number): string {
  return (Math.round(degrees * 10) / 10).toFixed(1);
}
