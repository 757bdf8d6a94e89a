import { Stars } from './ProviderCard';

/**
 * A provider's rating as the visitor sees it: the stars, the average and the number of
 * visible reviews; "New" when nobody has reviewed it yet (never grey stars and 0.0).
 */
export function RatingSummary({ rating, reviewCount }: { rating: string; reviewCount: number }) {
  if (reviewCount === 0) {
    return (
      <>
        <span className="badge badge-sm border-sky-700 bg-sky-50 font-semibold text-sky-900">
          New
        </span>
        <span>No reviews yet</span>
      </>
    );
  }
  return (
    <>
      <Stars rating={rating} /> <span>({reviewCountText(reviewCount)})</span>
    </>
  );
}

/** Where the reviews would be, for a provider nobody has reviewed yet. */
export const NO_REVIEWS_TEXT =
  'Reviews appear here once customers who booked through the site rate the work.';

/** "1 review", "12 reviews". */
export function reviewCountText(count: number): string {
  return `${count} ${count === 1 ? 'review' : 'reviews'}`;
}
