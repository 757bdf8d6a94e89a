import { formatRating, starFills } from '../../lib/format';

/** A rating as five stars (halves included) and its figure, read out as one phrase. */
export function Stars({ rating }: { rating: string }) {
  const fills = starFills(rating);
  return (
    <span
      role="img"
      className="inline-flex items-center gap-1"
      aria-label={`Rated ${formatRating(rating)} out of 5`}
    >
      <span aria-hidden="true" className="text-warning-content" data-stars={fills.join(' ')}>
        {fills.map((fill, i) => (
          <span key={i} className={fill === 'full' ? 'text-amber-600' : 'relative text-base-300'}>
            ★
            {fill === 'half' && (
              <span className="absolute inset-y-0 left-0 w-1/2 overflow-hidden text-amber-600">
                ★
              </span>
            )}
          </span>
        ))}
      </span>
      <span className="font-semibold">{formatRating(rating)}</span>
    </span>
  );
}
