import { answer, api } from '../../lib/api-client';
import { INVALID_CONFIRMATION_LINK } from '../../lib/enquiry-confirmation';
import { withQueryClient } from '../../lib/query-client';
import { ConfirmingEmail, useMailedLink } from '../ui/mailed-link';
import { MessageCard } from '../ui/MessageCard';
import { RequestLinkActions, UnusableRequestLink } from './UnusableRequestLink';

/**
 * /request/confirm?token=...: the link mailed after a service request. Opening
 * it confirms the customer's address; only then are the provider's responses and the
 * review link mailed there. Confirming twice answers the same, so a reload is harmless.
 */
function ConfirmEmail() {
  const link = useMailedLink('/api/enquiries/confirm', (token) =>
    answer(api.enquiries.confirm.$post({ json: { token } })),
  );
  if (link.state === 'opening') return <ConfirmingEmail />;
  if (link.state === 'failed') {
    return <UnusableRequestLink message={link.message ?? INVALID_CONFIRMATION_LINK} />;
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
      <RequestLinkActions findLabel="Find More Providers" />
    </MessageCard>
  );
}

export default withQueryClient(ConfirmEmail);
