/** Display rules shared by every screen. */

/**
 * Rand with thousand separators as en-ZA writes them (a no-break space): 'R1 500'. Written
 * out rather than with Intl.NumberFormat: creating that formatter loads the locale's data,
 * about 30 ms of a phone's main thread while the listing hydrates (unit-tested against
 * Intl's own answer).
 */
export function formatRand(amount: number): string {
  return `R${String(Math.round(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')}`;
}

/** Spec section 4: verified / total as a percentage with one decimal, or '100%' with none. */
export function verificationRate(verified: number, total: number): string {
  if (total === 0) return '100%';
  return `${((verified / total) * 100).toFixed(1)}%`;
}

export function formatDistance(km: number): string {
  return km < 10 ? `${km.toFixed(1)} km away` : `${Math.round(km)} km away`;
}

/** A rating string from the API ("4.8") shown with one decimal. */
export function formatRating(rating: string | number): string {
  return Number(rating).toFixed(1);
}

export type StarFill = 'full' | 'half' | 'empty';

/**
 * The five stars of a rating, to the nearest half star: 4.5 and 4.7 show four and a half
 * stars, 4.8 five. Rounding to whole stars drew 4.5 as five, more than the rating says.
 */
export function starFills(rating: string | number): StarFill[] {
  const halves = Math.round(Math.min(5, Math.max(0, Number(rating) || 0)) * 2);
  return [1, 2, 3, 4, 5].map((star) =>
    halves >= star * 2 ? 'full' : halves === star * 2 - 1 ? 'half' : 'empty',
  );
}

/**
 * Dates in the en-ZA locale (spec section 9), in the visitor's time zone: "09 May 2027",
 * en-ZA's medium date, written out as formatDay is.
 */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  const day = String(date.getDate()).padStart(2, '0');
  return `${day} ${SHORT_MONTH_NAMES[date.getMonth()] ?? ''} ${date.getFullYear()}`;
}

/** A date and its time of day, in the visitor's time zone: "09 May 2027, 14:05". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  const time = `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
  return `${formatDate(iso)}, ${time}`;
}

/** en-ZA's short months ('Sept', not 'Sep'). */
const SHORT_MONTH_NAMES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sept',
  'Oct',
  'Nov',
  'Dec',
] as const;
