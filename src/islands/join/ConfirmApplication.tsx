import { answer, api } from '../../lib/api-client';
import { APPLICATION_CONFIRMATION_MESSAGES } from '../../lib/application-confirmation';
import { APPLICATION_NEXT_STEPS } from '../../lib/catalog/application-steps';
import { withQueryClient } from '../../lib/query-client';
import { ConfirmingEmail, UnusableLink, useMailedLink } from '../ui/mailed-link';
import { MessageCard } from '../ui/MessageCard';
import { NewApplicationLinkForm } from './NewApplicationLink';

/**
 * /join/confirm?token=...: the link mailed to an application's address. The page sends
 * the token once it runs (a mail scanner fetching the link confirms nothing); the API
 * confirms the address and mails the receipt (docs/decisions/0046). Opening it again
 * says the address is confirmed already, so a reload is harmless.
 */
function ConfirmApplication() {
  const link = useMailedLink('/api/provider-applications/confirm', (token) =>
    answer(api['provider-applications'].confirm.$post({ json: { token } })),
  );
  if (link.state === 'opening') return <ConfirmingEmail />;
  if (link.state === 'failed') {
    const message = link.message ?? APPLICATION_CONFIRMATION_MESSAGES.invalid;
    // A lost or expired link can be sent again; a decided application's cannot.
    const mayAskAgain = message !== APPLICATION_CONFIRMATION_MESSAGES.decided;
    return (
      <UnusableLink message={message}>
        {mayAskAgain && <NewApplicationLinkForm />}
        <a className={`btn ${mayAskAgain ? 'btn-ghost' : 'btn-primary'}`} href="/contact">
          Contact Us
        </a>
        <a className="btn btn-ghost" href="/">
          Back to Home
        </a>
      </UnusableLink>
    );
  }
  return (
    <MessageCard title="Your e-mail is confirmed">
      <p role="status">{link.data.message}</p>
      <div>
        <h2 className="font-semibold">What happens next</h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          <li>{APPLICATION_NEXT_STEPS.review}</li>
          <li>{APPLICATION_NEXT_STEPS.approval}</li>
          <li>
            We then complete the checks your services require (the receipt lists them), and your
            profile shows the Verified badge once every one of them has passed.{' '}
            <a className="link" href="/verification">
              How verification works
            </a>
          </li>
        </ol>
      </div>
      <div className="card-actions">
        <a className="btn btn-primary" href="/">
          Back to Home
        </a>
      </div>
    </MessageCard>
  );
}

export default withQueryClient(ConfirmApplication);
