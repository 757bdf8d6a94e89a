/** Display rules shared by every screen. */

const randFormatter = new Intl.NumberFormat('en-ZA', { maximumFractionDigits: 0 });

/** Rand with thousand separators: 'R1 500' in en-ZA. */
export function formatRand(amount: number): string {
  return `R${randFormatter.format(amount)}`;
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

/** Dates in the en-ZA locale (spec section 9). */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-ZA', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
}
