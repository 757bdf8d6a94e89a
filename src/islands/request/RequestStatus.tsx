import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { answer, api, ApiError } from '../../lib/api-client';
import { REQUEST_STATUS_MESSAGES } from '../../lib/request-status-page';
import { DetailList } from '../ui/DetailList';
import { MessageCard } from '../ui/MessageCard';
import { BriefDetails } from './BriefDetails';
import { GroupProgress } from './GroupProgress';
import { LazyConversation } from './LazyConversation';
import { LazyQuoteCompare } from './LazyQuoteCompare';
import { ProviderResponses, Time } from './ProviderResponses';
import {
  budgetLabel,
  STATUS_LABELS,
  statusBadgeClass,
  timelineTitle,
  urgencyLabel,
  type RequestStatus,
  type TimelineKind,
} from './request-status-words';
import { Section } from './Section';
import { UnusableRequestLink } from './UnusableRequestLink';
import { useRequestStatus } from './use-request-status';

// The cancellation form (react-hook-form) comes while the request is read, not with the
// page (docs/decisions/0049).
const loadCancelForm = () => import('./CancelForm');
const CancelForm = lazy(loadCancelForm);

/** The answers that say the link itself cannot be used: no Retry would help. */
const LINK_PROBLEMS = new Set([400, 404, 410]);

const STEP_BORDERS: Partial<Record<TimelineKind, string>> = {
  completed: 'border-success',
  cancelled: 'border-error',
};

function Timeline({ events }: { events: RequestStatus['timeline'] }) {
  return (
    <ol className="space-y-3">
      {events.map((event, index) => (
        <li
          key={`${event.kind}-${index}`}
          className={`border-l-4 pl-5 ${STEP_BORDERS[event.kind] ?? 'border-base-300'}`}
        >
          <p className="font-semibold">{timelineTitle(event)}</p>
          <p className="text-sm">
            <Time at={event.at} />
          </p>
          {event.kind === 'cancelled' && event.detail && (
            <p className="mt-1 text-sm break-words whitespace-pre-line">
              Your reason: {event.detail}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}

function Responses({ request }: { request: RequestStatus }) {
  if (request.responses.length === 0) {
    return (
      <p>
        No response yet.{' '}
        {request.canCancel
          ? 'It shows here as soon as the provider responds, and we e-mail it to you.'
          : null}
      </p>
    );
  }
  return <ProviderResponses responses={request.responses} />;
}

function CancelRequest({
  token,
  several,
  onClosed,
}: {
  token: string;
  /** Sent to several providers: each is told. */
  several: boolean;
  /** The request is closed (cancelled now, or already): the server's words, then the page reloads it. */
  onClosed: (message: string) => Promise<void>;
}) {
  return (
    <Section title="Cancel this request">
      <p>
        No longer need the work done? Tell {several ? 'the providers' : 'the provider'} why: they
        are told at once, and the request is closed.
      </p>
      <Suspense fallback={<p role="status">Loading the form...</p>}>
        <CancelForm token={token} onClosed={onClosed} />
      </Suspense>
    </Section>
  );
}

function RequestView({
  token,
  request,
  reload,
}: {
  token: string;
  request: RequestStatus;
  /** Reads the request again; resolves once the page shows it as it is now. */
  reload: () => Promise<void>;
}) {
  const [notice, setNotice] = useState<string>();
  const noticeRef = useRef<HTMLDivElement>(null);
  // The form that had the focus is gone: the focus goes to what happened instead.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  const onClosed = async (message: string) => {
    setNotice(message);
    await reload();
  };
  const provider = request.provider;
  return (
    <div className="mx-auto max-w-3xl space-y-5 px-4 py-10 md:py-14">
      <header className="space-y-2">
        <p className="text-sm font-medium text-primary">Your service request</p>
        <h1 className="text-2xl font-bold md:text-3xl">Request {request.reference}</h1>
        <p className="flex flex-wrap items-center gap-2">
          <span className={`badge ${statusBadgeClass(request.status)}`}>
            {STATUS_LABELS[request.status]}
          </span>
          <span className="text-sm">
            Sent <Time at={request.sentAt} /> by {request.customerName}
          </span>
        </p>
      </header>

      <div role="status" aria-live="polite">
        {notice && (
          <div ref={noticeRef} tabIndex={-1} className="alert alert-success">
            {notice}
          </div>
        )}
      </div>

      {request.reviewUrl && provider && (
        <Section title="How did it go?">
          <p>The work is done. Your review helps others choose a provider they can trust.</p>
          <a className="btn btn-primary" href={request.reviewUrl}>
            Review {provider.name}
          </a>
        </Section>
      )}

      <LazyQuoteCompare token={token} onRequestChanged={reload} />

      {request.copies.length > 1 ? (
        <GroupProgress request={request} />
      ) : (
        <>
          <Section title="Your provider">
            {provider ? (
              <p>
                <a className="link font-semibold link-primary" href={`/provider/${provider.id}`}>
                  {provider.name}
                </a>{' '}
                answers this request.
              </p>
            ) : (
              <p>This provider is no longer listed. Our admin team follows your request.</p>
            )}
          </Section>

          <Section title="Progress">
            <Timeline events={request.timeline} />
          </Section>

          {/* After a request was passed on, earlier responses are the previous provider's. */}
          <Section
            title={
              provider && !request.timeline.some((event) => event.kind === 'reassigned')
                ? `Responses from ${provider.name}`
                : 'Responses'
            }
          >
            <Responses request={request} />
          </Section>
        </>
      )}

      <LazyConversation token={token} />

      <Section title="What you asked for">
        <DetailList
          preserveLines
          rows={[
            ['Service', request.service.name],
            ['Location', request.location],
            ['Budget', budgetLabel(request.budget)],
            ['Urgency', urgencyLabel(request.urgency)],
            ['Description', request.description],
          ]}
        />
        <BriefDetails brief={request.brief} photos={request.photos} />
      </Section>

      {request.canCancel && (
        <CancelRequest token={token} several={request.copies.length > 1} onClosed={onClosed} />
      )}
    </div>
  );
}

/**
 * /request?token=...: the customer's page of a service request, from the link
 * mailed when it was sent. No account: the token is the key. Opening it confirms the
 * customer's e-mail, once, from the browser: mail scanners that follow links
 * run no script.
 */
export default function RequestStatusPage() {
  const [token, setToken] = useState<string | null>();
  useEffect(() => setToken(new URLSearchParams(window.location.search).get('token')), []);
  const status = useRequestStatus(token);
  // Opening the page confirms the customer's e-mail address: sent once, its answer unread.
  useEffect(() => {
    if (!token) return;
    void loadCancelForm();
    answer(api.requests.confirm.$post({ json: { token } })).catch(() => undefined);
  }, [token]);

  const error = status.error;
  if (token === undefined || (token && !status.request && !error)) {
    return (
      <MessageCard title="Your request">
        <p role="status">Loading your request...</p>
      </MessageCard>
    );
  }
  if (!token || (error instanceof ApiError && LINK_PROBLEMS.has(error.status))) {
    return (
      <UnusableRequestLink
        message={
          error instanceof ApiError && error.serverMessage
            ? error.serverMessage
            : REQUEST_STATUS_MESSAGES.invalid
        }
      />
    );
  }
  if (error || !status.request) {
    // The network, or the server for a moment: trying again may well work.
    const message =
      error instanceof ApiError && error.status < 500 && error.serverMessage
        ? error.serverMessage
        : 'We could not load your request. Please check your connection and try again.';
    return (
      <MessageCard title="Your request could not be loaded">
        <p role="alert">{message}</p>
        <div className="card-actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={status.reading}
            onClick={() => void status.reload()}
          >
            {status.reading ? 'Trying again...' : 'Retry'}
          </button>
        </div>
      </MessageCard>
    );
  }
  return <RequestView token={token} request={status.request} reload={status.reload} />;
}
