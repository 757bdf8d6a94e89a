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
      <RequestLinkActions findLabel="Find Providers" />
    </MessageCard>
  );
}

/** Where a request's mailed link leads on from: the providers (`findLabel`), or home. */
export function RequestLinkActions({ findLabel }: { findLabel: string }) {
  return (
    <div className="card-actions">
      <a className="btn btn-primary" href="/providers">
        {findLabel}
      </a>
      <a className="btn btn-ghost" href="/">
        Back to Home
      </a>
    </div>
  );
}
