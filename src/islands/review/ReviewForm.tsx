import { lazy, Suspense, useEffect, useState } from 'react';
import { answer, api, ApiError } from '../../lib/api-client';
import { MessageCard } from '../ui/MessageCard';
import { useLoaded } from '../ui/use-loaded';

// The form (react-hook-form, its words) comes while the invitation is fetched: a link
// that cannot be used loads none of it (docs/decisions/0049).
const loadForm = () => import('./WriteReview');
const WriteReview = lazy(loadForm);

function Loading() {
  return (
    <MessageCard title="Write a Review">
      <p role="status">Loading...</p>
    </MessageCard>
  );
}

/** /review?token=...: the e-mailed link of a completed request. */
export default function ReviewPage() {
  const [token, setToken] = useState<string | null>();
  useEffect(() => setToken(new URLSearchParams(window.location.search).get('token')), []);
  const invitation = useLoaded(
    () => {
      void loadForm();
      return answer(api.reviews.invitation.$get({ query: { token: token ?? '' } }));
    },
    token ?? '',
    Boolean(token),
  );
  if (token && invitation.status === 'done') {
    return (
      <Suspense fallback={<Loading />}>
        <WriteReview token={token} invitation={invitation.data} />
      </Suspense>
    );
  }
  if (token === undefined || (token && invitation.status === 'pending')) return <Loading />;
  // No token, or one the API refused.
  const error = invitation.status === 'failed' ? invitation.error : undefined;
  const message =
    error instanceof ApiError && error.serverMessage
      ? error.serverMessage
      : 'This review link is not valid. Please use the link from your e-mail.';
  return (
    <MessageCard title="This link cannot be used">
      <p role="alert">{message}</p>
      <a className="btn btn-primary" href="/providers">
        Find Providers
      </a>
    </MessageCard>
  );
}
