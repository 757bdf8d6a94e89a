import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { answer, api, ApiError } from '../../lib/api-client';
import { withQueryClient } from '../../lib/query-client';
import {
  CANCEL_REASON_MAX,
  CancelRequestSchema,
  REQUEST_STATUS_MESSAGES,
} from '../../lib/schemas/request-status';
import { DetailList } from '../ui/DetailList';
import { MessageCard } from '../ui/MessageCard';
import { TextAreaField } from '../ui/TextAreaField';
import { BriefDetails } from './BriefDetails';
import { GroupProgress } from './GroupProgress';
import { LazyConversation } from './LazyConversation';
import { LazyQuoteCompare } from './LazyQuoteCompare';
import {
  budgetLabel,
  formatSaDateTime,
  STATUS_LABELS,
  statusBadgeClass,
  timelineTitle,
  urgencyLabel,
  type RequestStatus,
  type TimelineKind,
} from './request-status-words';

const statusKey = (token: string | null | undefined) => ['/api/requests/status', token] as const;

const CancelFormSchema = z.pick(CancelRequestSchema, { reason: true });
type CancelForm = { reason: string };

/** The answers that say the link itself cannot be used: no Retry would help. */
const LINK_PROBLEMS = new Set([400, 404, 410]);

function Time({ at }: { at: string }) {
  return <time dateTime={at}>{formatSaDateTime(at)}</time>;
}

/** A titled card of the page, a region named by its heading. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-5 sm:p-6">
        <h2 id={id} className="card-title text-lg">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

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
  return (
    <ol className="space-y-3">
      {request.responses.map((response, index) => (
        <li key={`${response.at}-${index}`} className="rounded-box bg-base-200 p-4">
          <p className="break-words whitespace-pre-line">{response.text}</p>
          <p className="mt-2 text-sm">
            <Time at={response.at} />
          </p>
        </li>
      ))}
    </ol>
  );
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
  const id = useId();
  const { register, handleSubmit, formState, setError } = useForm<CancelForm>({
    resolver: zodResolver(CancelFormSchema),
    defaultValues: { reason: '' },
  });
  const cancel = useMutation({
    mutationFn: ({ reason }: CancelForm) =>
      answer(api.requests.cancel.$post({ json: { token, reason } })),
    // Pending until the page shows the cancelled request: the button cannot be pressed twice.
    onSuccess: ({ message }) => onClosed(message),
    onError: async (error) => {
      const reason = error instanceof ApiError ? error.fieldErrors?.reason : undefined;
      if (reason) setError('reason', { message: reason });
      if (error instanceof ApiError && error.status === 409) {
        await onClosed(error.serverMessage ?? REQUEST_STATUS_MESSAGES.closed);
      }
    },
  });
  const failure =
    cancel.error && !(cancel.error instanceof ApiError && cancel.error.fieldErrors?.reason)
      ? cancel.error instanceof ApiError && cancel.error.serverMessage
        ? cancel.error.serverMessage
        : 'Your request could not be cancelled. Please check your connection and try again.'
      : undefined;
  return (
    <Section title="Cancel this request">
      <p>
        No longer need the work done? Tell {several ? 'the providers' : 'the provider'} why: they
        are told at once, and the request is closed.
      </p>
      <form
        noValidate
        className="space-y-3"
        onSubmit={(e) => void handleSubmit((values) => cancel.mutate(values))(e)}
      >
        <TextAreaField
          id={`${id}-reason`}
          label="Why are you cancelling? *"
          rows={3}
          maxLength={CANCEL_REASON_MAX}
          required
          error={formState.errors.reason?.message}
          {...register('reason')}
        />
        {failure && (
          <p className="text-sm text-error" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="btn btn-outline btn-error" disabled={cancel.isPending}>
          {cancel.isPending ? 'Cancelling...' : 'Cancel Request'}
        </button>
      </form>
    </Section>
  );
}

function RequestView({ token, request }: { token: string; request: RequestStatus }) {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string>();
  const noticeRef = useRef<HTMLDivElement>(null);
  // The form that had the focus is gone: the focus goes to what happened instead.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  const onClosed = async (message: string) => {
    setNotice(message);
    await queryClient.invalidateQueries({ queryKey: statusKey(token) });
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

      <LazyQuoteCompare token={token} />

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
function RequestStatusPage() {
  const [token, setToken] = useState<string | null>();
  useEffect(() => setToken(new URLSearchParams(window.location.search).get('token')), []);
  const status = useQuery({
    queryKey: statusKey(token),
    // Runs only with a token (enabled below).
    queryFn: () => answer(api.requests.status.$get({ query: { token: token ?? '' } })),
    enabled: Boolean(token),
  });
  useQuery({
    queryKey: ['/api/requests/confirm', token],
    queryFn: () => answer(api.requests.confirm.$post({ json: { token: token ?? '' } })),
    enabled: Boolean(token),
    staleTime: Infinity,
  });

  if (token === undefined || (token && status.isPending)) {
    return (
      <MessageCard title="Your request">
        <p role="status">Loading your request...</p>
      </MessageCard>
    );
  }
  const error = status.error;
  if (!token || (error instanceof ApiError && LINK_PROBLEMS.has(error.status))) {
    return (
      <MessageCard title="This link cannot be used">
        <p role="alert">
          {error instanceof ApiError && error.serverMessage
            ? error.serverMessage
            : REQUEST_STATUS_MESSAGES.invalid}
        </p>
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
  if (status.isError || !status.data) {
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
            disabled={status.isFetching}
            onClick={() => void status.refetch()}
          >
            {status.isFetching ? 'Trying again...' : 'Retry'}
          </button>
        </div>
      </MessageCard>
    );
  }
  return <RequestView token={token} request={status.data} />;
}

export default withQueryClient(RequestStatusPage);
