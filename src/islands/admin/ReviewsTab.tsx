import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../lib/api-client';
import type { PublicReview } from '../../lib/reviews';
import { toast } from '../../lib/toast';
import { ReviewItem } from '../providers/ReviewList';
import { ADMIN_KEYS, failure, refreshProviders } from './admin-data';

interface ModeratedReview extends PublicReview {
  providerId: number;
  providerName: string;
  hiddenAt: string | null;
  hiddenReason: string | null;
}

const REVIEWS_KEY = ['/api/admin/reviews'] as const;

/** Moderation: hide a review that breaks the rules (with a reason); it leaves the rating. */
export function ReviewsTab() {
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useQuery({
    queryKey: REVIEWS_KEY,
    queryFn: () => apiGet<ModeratedReview[]>('/api/admin/reviews'),
  });
  const moderate = useMutation({
    mutationFn: ({ review, reason }: { review: ModeratedReview; reason?: string }) =>
      reason === undefined
        ? apiSend('PUT', `/api/admin/reviews/${review.id}/show`)
        : apiSend('PUT', `/api/admin/reviews/${review.id}/hide`, { reason }),
    onSuccess: async (_, { reason }) => {
      toast({
        title: reason === undefined ? 'Review Shown' : 'Review Hidden',
        description: 'The provider’s rating has been updated.',
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: REVIEWS_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.providers }),
        refreshProviders(queryClient),
      ]);
    },
    onError: (error) =>
      toast({
        title: 'Update Failed',
        description: failure(error, 'Failed to update the review'),
        variant: 'destructive',
      }),
  });
  if (isPending) return <p role="status">Loading reviews...</p>;
  if (isError) return <p role="alert">Failed to load reviews.</p>;
  if (data.length === 0) return <p>No reviews yet.</p>;
  return (
    <ul className="space-y-3" aria-label="Reviews to moderate">
      {data.map((review) => (
        <ReviewItem key={review.id} review={review}>
          <p className="mt-2 text-sm">For {review.providerName}</p>
          {review.hiddenAt ? (
            <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
              <span className="badge badge-ghost badge-sm">Hidden</span>
              <span>{review.hiddenReason}</span>
              <button
                type="button"
                className="btn btn-xs"
                disabled={moderate.isPending}
                onClick={() => moderate.mutate({ review })}
              >
                Show again
              </button>
            </div>
          ) : (
            <button
              type="button"
              className="btn btn-xs btn-error mt-2"
              disabled={moderate.isPending}
              aria-label={`Hide review by ${review.customerName} of ${review.providerName}`}
              onClick={() => {
                const reason = window.prompt('Why does this review break the rules?')?.trim();
                if (reason) moderate.mutate({ review, reason });
              }}
            >
              Hide
            </button>
          )}
        </ReviewItem>
      ))}
    </ul>
  );
}
