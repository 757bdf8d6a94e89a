import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { answer, api, ApiError } from '../../lib/api-client';
import { withQueryClient } from '../../lib/query-client';
import { INVALID_CONFIRMATION_LINK } from '../../lib/schemas/enquiry-confirmation';
import { MessageCard } from '../ui/MessageCard';

/**
 * /request/confirm?token=...: the link mailed after a service request. Opening
 * it confirms the customer's address; only then are the provider's responses and the
 * review link mailed there. Confirming twice answers the same, so a reload is harmless.
 */
function ConfirmEmail() {
  const [token, setToken] = useState<string | null>();
  useEffect(() => setToken(new URLSearchParams(window.location.search).get('token')), []);
  const confirmation = useQuery({
    queryKey: ['/api/enquiries/confirm', token],
    // Runs only with a token (enabled below).
    queryFn: () => answer(api.enquiries.confirm.$post({ json: { token: token ?? '' } })),
    enabled: Boolean(token),
    staleTime: Infinity,
  });
  if (token === undefined || (token && confirmation.isPending)) {
    return (
      <MessageCard title="Confirm your e-mail">
        <p role="status">Confirming your e-mail address...</p>
      </MessageCard>
    );
  }
  if (!token || confirmation.isError) {
    const error = confirmation.error;
    const message =
      error instanceof ApiError && error.serverMessage
        ? error.serverMessage
        : INVALID_CONFIRMATION_LINK;
    return (
      <MessageCard title="This link cannot be used">
        <p role="alert">{message}</p>
        <div className="card-actions">
          <a className="btn btn-primary" href="/providers">
            Find Providers
          </a>
          <a className="btn btn-ghost" href="/">
            Back to Home
          </a>
        </div>
      </MessageCard>
    );
  }
  return (
    <MessageCard title="Your e-mail is confirmed">
      <p role="status">Thank you: your e-mail address is confirmed.</p>
      <div>
        <h2 className="font-semibold">What happens next</h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          <li>The provider you chose reads your request and responds to you by e-mail.</li>
          <li>Our admin team follows every request and can help if you do not hear back.</li>
          <li>When the work is done, we e-mail you a link to review the provider.</li>
        </ol>
      </div>
      <div className="card-actions">
        <a className="btn btn-primary" href="/providers">
          Find More Providers
        </a>
        <a className="btn btn-ghost" href="/">
          Back to Home
        </a>
      </div>
    </MessageCard>
  );
}

export default withQueryClient(ConfirmEmail);
