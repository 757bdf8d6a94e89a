import { MessageCard } from '../ui/MessageCard';

/**
 * A request's mailed link that cannot be used (the status page's, the e-mail
 * confirmation's): the reason, and where to go from here. Apart from ui/mailed-link's
 * UnusableLink, whose module brings the query library the status page loads without.
 */
export function UnusableRequestLink({ message }: { message: string }) {
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
