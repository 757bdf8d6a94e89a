import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { OwnReview } from '../../lib/api-answers';
import { answer, api } from '../../lib/api-client';
import { refreshQueries } from '../../lib/refresh-queries';
import { toast } from '../../lib/toast';
import { serverMessage } from '../account/AccountForms';
import { ReviewItem } from '../providers/ReviewList';
import { useSignedInQuery, toastFailure } from './session';

const REVIEWS_KEY = ['/api/provider/reviews'] as const;

function ReplyForm({ review }: { review: OwnReview }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [reply, setReply] = useState('');
  const send = useMutation({
    mutationFn: () =>
      answer(
        api.provider.reviews[':id'].reply.$put({
          param: { id: String(review.id) },
          json: { reply },
        }),
      ),
    onSuccess: async () => {
      toast({ title: 'Reply Published', description: 'Your reply shows under the review.' });
      await refreshQueries(queryClient, REVIEWS_KEY, ['/api/providers']);
    },
    onError: (error) => toastFailure(queryClient, error, serverMessage(error, 'Failed to reply.')),
  });
  return (
    <form
      className="mt-3 space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (reply.trim()) send.mutate();
      }}
    >
      <label className="label text-sm font-medium text-base-content" htmlFor={`${id}-reply`}>
        Your public reply (one per review)
      </label>
      <textarea
        id={`${id}-reply`}
        rows={2}
        maxLength={2000}
        className="textarea w-full"
        value={reply}
        onChange={(e) => setReply(e.target.value)}
      />
      <button
        type="submit"
        className="btn btn-primary btn-sm"
        disabled={send.isPending || !reply.trim()}
      >
        {send.isPending ? 'Publishing...' : 'Publish Reply'}
      </button>
    </form>
  );
}

/** Reviews (beyond the spec's four tabs): the verified reviews, each with one public reply. */
export function DashboardReviewsTab() {
  const { data, isPending, isError } = useSignedInQuery(REVIEWS_KEY, () =>
    answer(api.provider.reviews.$get()),
  );
  if (isPending) return <p role="status">Loading reviews...</p>;
  if (isError) return <p role="alert">Failed to load your reviews.</p>;
  if (data.length === 0)
    return (
      <p>
        No reviews yet. When you mark an enquiry completed, its customer is invited to review your
        work.
      </p>
    );
  return (
    <ul className="space-y-3" aria-label="Your reviews">
      {data.map((review) => (
        <ReviewItem key={review.id} review={review}>
          {review.hiddenAt && (
            <p className="mt-2 text-sm text-error">
              Hidden by our team: {review.hiddenReason}. It no longer counts in your rating.
            </p>
          )}
          {!review.providerReply && !review.hiddenAt && <ReplyForm review={review} />}
        </ReviewItem>
      ))}
    </ul>
  );
}
