/**
 * "Highest rated" puts ratings backed by more reviews first: a provider's average is
 * counted as if it also had a few reviews of middling stars (a Bayesian average), so a
 * 5.0 from 2 reviews (counted 3.6) comes after a 4.9 from 9 (counted 4.2), and a single
 * 1-star review counts below none. The listing orders by it in SQL (list-providers.ts);
 * /how-we-order says it in these words.
 */
export const RATED_PRIOR = { reviews: 5, stars: 3 } as const;

/** The rating "Highest rated" orders by, from the shown rating and its review count. */
export function countedRating(rating: number, reviewCount: number): number {
  return (
    (rating * reviewCount + RATED_PRIOR.stars * RATED_PRIOR.reviews) /
    (reviewCount + RATED_PRIOR.reviews)
  );
}
