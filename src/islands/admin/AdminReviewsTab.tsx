import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ModeratedReview } from '../../lib/api-answers';
import { answer, answerPage, api } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { refreshQueries } from '../../lib/refresh-queries';
import { HELD_REVIEW_DECISION } from '../../lib/reviews';
import { toast } from '../../lib/toast';
import { ReviewItem } from '../providers/ReviewList';
import { useConfirm } from '../ui/ConfirmDialog';
import { ADMIN_KEYS, refreshProviders, toastFailure } from './admin-queries';
import { Pager } from './Pager';
import { RowButton } from './RowButton';
import { useAdminPage } from './use-admin-page';

type Decision = 'show' | 'hide' | 'release';

/** An admin's decision on a review; hiding one needs the reason. */
type Moderation =
  | { review: ModeratedReview; decision: 'hide'; reason: string }
  | { review: ModeratedReview; decision: Exclude<Decision, 'hide'> };

const REVIEWS_KEY = ['/api/admin/reviews'] as const;

const DECISION_TOASTS: Record<Decision, string> = {
  show: 'Review Shown',
  hide: 'Review Hidden',
  release: 'Review Released',
};

/**
 * Moderation: hide a review that breaks the rules (with a reason); it leaves the rating.
 * Reviews held because their request came from the provider's own network or session
 * wait here for a decision: release (it counts from then on) or hide. Their customers were
 * told to expect it within HELD_REVIEW_DECISION (overdue ones are marked), and every
 * decision is mailed to the customer when the review's request has a confirmed address.
 */
export function AdminReviewsTab() {
  const queryClient = useQueryClient();
  const [heldOnly, setHeldOnly] = useState(false);
  const list = useAdminPage(REVIEWS_KEY, (query) => answerPage(api.admin.reviews.$get({ query })), {
    held: heldOnly ? 'true' : undefined,
  });
  const { data, isPending, isError } = list;
  const stats = useQuery({
    queryKey: ADMIN_KEYS.stats,
    queryFn: () => answer(api.admin.stats.$get()),
  });
  const heldCount = stats.data?.heldReviews;
  const { askReason, dialog } = useConfirm();
  const hide = async (review: ModeratedReview) => {
    const reason = await askReason({
      title: `Hide the review by ${review.customerName}?`,
      body: (
        <p>
          It leaves {review.providerName}’s page and rating. The provider sees the reason
          {review.customerMailed ? ', and the customer is e-mailed it.' : '.'}
        </p>
      ),
      reasonLabel: 'Why does this review break the rules?',
      confirmLabel: 'Hide Review',
      tone: 'danger',
    });
    if (reason) moderate.mutate({ review, decision: 'hide', reason });
  };
  const moderate = useMutation({
    mutationFn: (moderation: Moderation) => {
      const review = api.admin.reviews[':id'];
      const param = { id: String(moderation.review.id) };
      return moderation.decision === 'hide'
        ? answer(review.hide.$put({ param, json: { reason: moderation.reason } }))
        : answer(review[moderation.decision].$put({ param }));
    },
    onSuccess: async (_, { decision, review }) => {
      toast({
        title: DECISION_TOASTS[decision],
        description: review.customerMailed
          ? 'The provider’s rating has been updated, and the customer is e-mailed.'
          : 'The provider’s rating has been updated.',
      });
      await Promise.all([
        refreshQueries(queryClient, REVIEWS_KEY),
        refreshQueries(queryClient, ADMIN_KEYS.providers),
        refreshProviders(queryClient),
      ]);
    },
    onError: (error) => toastFailure('Update Failed', error, 'Failed to update the review'),
  });
  const filter = (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Which reviews">
      <button
        type="button"
        className={`btn btn-sm ${heldOnly ? 'btn-ghost' : 'btn-primary'}`}
        aria-pressed={!heldOnly}
        onClick={() => setHeldOnly(false)}
      >
        All reviews
      </button>
      <button
        type="button"
        className={`btn btn-sm ${heldOnly ? 'btn-primary' : 'btn-ghost'}`}
        aria-pressed={heldOnly}
        onClick={() => setHeldOnly(true)}
      >
        Held for moderation
        {heldCount !== undefined && (
          <span className="badge badge-warning badge-sm">{heldCount}</span>
        )}
      </button>
    </div>
  );
  if (isPending) return <p role="status">Loading reviews...</p>;
  if (isError) return <p role="alert">Failed to load reviews.</p>;
  if (data.items.length === 0 && data.total === 0) {
    return (
      <div className="space-y-4">
        {filter}
        <p>{heldOnly ? 'No reviews are held for moderation.' : 'No reviews yet.'}</p>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {filter}
      <ul className="space-y-3" aria-label="Reviews to moderate">
        {data.items.map((review) => (
          <ReviewItem key={review.id} review={review}>
            <p className="mt-2 text-sm">For {review.providerName}</p>
            {review.heldAt && !review.hiddenAt && (
              <div className="mt-2 space-y-1 text-sm">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="badge badge-warning badge-sm">Held for moderation</span>
                  {review.decisionOverdue && (
                    <span className="badge badge-error badge-sm">Decision overdue</span>
                  )}
                  <span>
                    Held since {formatDate(review.heldAt)}; decide {HELD_REVIEW_DECISION}.
                  </span>
                </p>
                <p>{review.heldReason}</p>
                <RowButton
                  className="btn-primary"
                  disabled={moderate.isPending}
                  label={`Release review by ${review.customerName} of ${review.providerName}`}
                  onClick={() => moderate.mutate({ review, decision: 'release' })}
                >
                  Release
                </RowButton>
              </div>
            )}
            {!review.heldAt && review.heldReason && (
              <p className="mt-2 text-sm">Released after a hold: {review.heldReason}</p>
            )}
            {review.hiddenAt ? (
              <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
                <span className="badge badge-ghost badge-sm">Hidden</span>
                <span>{review.hiddenReason}</span>
                <button
                  type="button"
                  className="btn btn-xs"
                  disabled={moderate.isPending}
                  onClick={() => moderate.mutate({ review, decision: 'show' })}
                >
                  Show again
                </button>
              </div>
            ) : (
              <RowButton
                className="btn-error mt-2"
                disabled={moderate.isPending}
                label={`Hide review by ${review.customerName} of ${review.providerName}`}
                onClick={() => void hide(review)}
              >
                Hide
              </RowButton>
            )}
          </ReviewItem>
        ))}
      </ul>
      <Pager label="Reviews" list={list} page={data} />
      {dialog}
    </div>
  );
}
