import { useEffect, useId, useRef } from 'react';
import type { Provider } from '../../lib/api-answers';

/** A request the form has just sent, as the API answered it. */
export interface SentRequest {
  reference: string;
  /** The server's sentence: the reference, the provider, and whether a link was mailed. */
  message: string;
  /** Whether the link to the request's page was e-mailed (at most 3 a day to one address). */
  mailed: boolean;
  /** Where it was e-mailed: the address the visitor typed. */
  email: string;
}

/**
 * What the request form gives way to once it has sent: the confirmation itself (no toast
 * over it), with the reference, what happens next and where the request's page is, and a
 * way back to an empty form. The focus moves to its heading, so a screen reader reads it.
 *
 * The request's page is linked from the e-mail only: its link carries the private token
 * whose opening confirms the address (decision 0016), so the form cannot show it without
 * letting anyone who types a stranger's address confirm it.
 */
export function RequestSent({
  request,
  provider,
  several = false,
  onSendAnother,
}: {
  request: SentRequest;
  /** Who it went to; several providers by their names in words ("A, B and C"). */
  provider: Pick<Provider, 'name'>;
  /** Sent to several providers at once (docs/decisions/0050): each answers on its own. */
  several?: boolean;
  onSendAnother: () => void;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      data-testid="request-sent"
      aria-labelledby={headingId}
      className="space-y-5 rounded-box border border-success bg-base-100 p-5"
    >
      <div className="flex items-start gap-3">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="mt-0.5 h-7 w-7 shrink-0 fill-none stroke-success stroke-2"
        >
          <circle cx="12" cy="12" r="10" />
          <path d="M7.5 12.5l3 3 6-6.5" />
        </svg>
        <div>
          <h3
            id={headingId}
            ref={heading}
            tabIndex={-1}
            className="text-xl font-bold focus:outline-none"
          >
            Service Request Submitted!
          </h3>
          <p className="mt-1">{request.message}</p>
        </div>
      </div>

      <div className="rounded-box bg-base-200 p-4">
        <p className="text-sm">Your reference</p>
        <p className="font-mono text-2xl font-bold tracking-wide" data-testid="request-reference">
          {request.reference}
        </p>
        <p className="mt-1 text-sm">Quote it whenever you contact us about this request.</p>
      </div>

      <div>
        <h4 className="font-semibold">What happens next</h4>
        <ol className="mt-2 list-decimal space-y-2 pl-5">
          <li>
            {several
              ? `${provider.name} are told at once, each with a copy of its own (none is told who else you asked), and each answers you.`
              : `${provider.name} is told at once and answers you.`}
          </li>
          {request.mailed ? (
            <li>
              Open your request&apos;s page with the link in the e-mail we sent to{' '}
              <strong className="break-words">{request.email}</strong> (subject &ldquo;Your request{' '}
              {request.reference} was sent to {provider.name}&rdquo;). There you see when{' '}
              {several ? 'each of them has' : `${provider.name} has`} read and answered it, write to{' '}
              {several ? 'each' : 'them'}, and you can cancel it. Opening it also confirms your
              address, so their answers reach you by e-mail too.
            </li>
          ) : (
            <li>
              We did not e-mail you about this request:{' '}
              <strong className="break-words">{request.email}</strong> has had as many of our
              request e-mails as we send in a day. Keep your reference.
            </li>
          )}
          <li>
            {several
              ? 'If one of them has not answered within one business day, our team passes that copy to another verified provider near you and tells you.'
              : `If ${provider.name} has not answered within one business day, our team passes your request to another verified provider near you and tells you.`}
          </li>
        </ol>
      </div>

      <button type="button" className="btn btn-primary" onClick={onSendAnother}>
        Send another request
      </button>
    </section>
  );
}
