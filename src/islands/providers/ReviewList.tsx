import { useInfiniteQuery } from '@tanstack/react-query';
import type { PublicReview } from '../../lib/api-answers';
import { answerPage, api } from '../../lib/api-client';
import { serviceName } from '../../lib/catalog/categories';
import { formatDate } from '../../lib/format';
import { withQueryClient } from '../../lib/query-client';
import { REVIEWS_PAGE_SIZE } from '../../lib/reviews';
import { NO_REVIEWS_TEXT } from './RatingSummary';
import { Stars } from './Stars';

export function ReviewItem({
  review,
  children,
}: {
  review: PublicReview;
  children?: React.ReactNode;
}) {
  return (
    <li className="rounded-box border border-base-300 p-4 text-left">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">{review.customerName}</p>
        <Stars rating={String(review.rating)} />
      </div>
      <p className="text-sm">
        {serviceName(review.serviceType)} · {formatDate(review.createdAt)}
      </p>
      <p className="mt-2 whitespace-pre-line">{review.comment}</p>
      {review.providerReply && (
        <div className="mt-3 rounded-box bg-base-200 p-3 text-sm">
          <p className="font-semibold">Reply from the provider</p>
          <p className="whitespace-pre-line">{review.providerReply}</p>
        </div>
      )}
      {children}
    </li>
  );
}

/** The provider's verified reviews, newest first, ten at a time. */
export function ReviewList({ providerId }: { providerId: number }) {
  const { data, isPending, isError, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useInfiniteQuery({
      queryKey: ['/api/providers', providerId, 'reviews'],
      queryFn: ({ pageParam }) =>
        answerPage(
          api.providers[':id{[0-9]+}'].reviews.$get({
            param: { id: String(providerId) },
            query: { page: String(pageParam), limit: String(REVIEWS_PAGE_SIZE) },
          }),
        ),
      initialPageParam: 1,
      getNextPageParam: (last, pages) =>
        pages.length * REVIEWS_PAGE_SIZE < last.total ? pages.length + 1 : undefined,
    });
  if (isPending)
    return (
      <p role="status" className="mt-4 text-sm">
        Loading reviews...
      </p>
    );
  if (isError) return <p className="mt-4 text-sm">Reviews could not be loaded.</p>;
  const reviews = data.pages.flatMap((page) => page.items);
  if (reviews.length === 0) return <p className="mt-4">{NO_REVIEWS_TEXT}</p>;
  return (
    <div className="mt-4 space-y-3">
      <ul className="space-y-3" aria-label="Reviews">
        {reviews.map((review) => (
          <ReviewItem key={review.id} review={review} />
        ))}
      </ul>
      {hasNextPage && (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          {isFetchingNextPage ? 'Loading...' : 'Show more reviews'}
        </button>
      )}
    </div>
  );
}

/**
 * The list with its own query cache provider: loaded when a visitor opens the Reviews tab
 * (ProviderDetails), on pages whose islands have none (docs/decisions/0049).
 */
export default withQueryClient(ReviewList);
