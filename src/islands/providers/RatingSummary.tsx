import { isNewProvider } from '../../lib/responsiveness';
import { Stars } from './Stars';

/**
 * A provider's rating as the visitor sees it: the stars, the average and the number of
 * visible reviews; "No reviews yet" when nobody has reviewed it (never grey stars and
 * 0.0), with "New" when it was listed recently (`createdAt`, isNewProvider): a provider
 * listed for years without a review is not new.
 */
export function RatingSummary({
  provider: { rating, reviewCount, createdAt },
}: {
  provider: { rating: string; reviewCount: number; createdAt?: string | undefined };
}) {
  if (reviewCount === 0) {
    return (
      <>
        {createdAt !== undefined && isNewProvider(createdAt) && (
          <span className="badge badge-sm border-sky-700 bg-sky-50 font-semibold text-sky-900">
            New
          </span>
        )}
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
