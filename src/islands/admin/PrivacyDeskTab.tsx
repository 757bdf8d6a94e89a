import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type SyntheticEvent } from 'react';
import { answer, api, ApiError, type ApiAnswer } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { CASE_KIND_LABELS, CASE_STATUS_LABELS, CASE_DAYS } from '../../lib/privacy-cases';
import { refreshQueries } from '../../lib/refresh-queries';
import { toast } from '../../lib/toast';
import { TextAreaField } from '../ui/TextAreaField';
import { dateTime, toastFailure } from './admin-queries';

const CASES_KEY = ['/api/admin/privacy-cases'] as const;

type DeskCase = ApiAnswer<(typeof api.admin)['privacy-cases']['$get']>[number];

/** The deadline in words: overdue cases say so in text, not only in colour. */
function Deadline({ item }: { item: DeskCase }) {
  if (item.status !== 'open') return <span>Answered {dateTime(item.repliedAt ?? '')}</span>;
  return item.overdue ? (
    <span className="badge badge-error h-auto font-semibold">
      Overdue: was due {formatDate(item.dueAt)}
    </span>
  ) : (
    <span>Due {formatDate(item.dueAt)}</span>
  );
}

function ReplyForm({ item }: { item: DeskCase }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = useMutation({
    mutationFn: (close: boolean) =>
      answer(
        api.admin['privacy-cases'][':id'].reply.$post({
          param: { id: String(item.id) },
          json: { reply, close },
        }),
      ),
    onSuccess: async () => {
      toast({ title: 'Answer Sent', description: `The answer is mailed to ${item.email}.` });
      await refreshQueries(queryClient, CASES_KEY);
    },
    onError: (failed) => {
      const message = failed instanceof ApiError ? failed.fieldErrors?.reply : undefined;
      setError(message);
      toastFailure('Not Sent', failed, 'The answer could not be sent');
    },
  });
  function submit(close: boolean) {
    return (event: SyntheticEvent) => {
      event.preventDefault();
      send.mutate(close);
    };
  }
  return (
    <form noValidate aria-label={`Answer case ${item.id}`} onSubmit={submit(false)}>
      <TextAreaField
        id={`${id}-reply`}
        label="Your answer (mailed to the sender as written)"
        rows={4}
        value={reply}
        error={error}
        onChange={(e) => setReply(e.target.value)}
      />
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={send.isPending}>
          Send answer
        </button>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={send.isPending}
          onClick={submit(true)}
        >
          Send and close
        </button>
      </div>
    </form>
  );
}

/**
 * The information officer's desk (docs/decisions/0053): corrections the privacy centre
 * cannot make, objections and complaints, each to be answered within CASE_DAYS days; open
 * ones first, the nearest deadline first.
 */
export function PrivacyDeskTab() {
  const { data, isPending, isError } = useQuery({
    queryKey: CASES_KEY,
    queryFn: () => answer(api.admin['privacy-cases'].$get({ query: {} })),
  });
  const open = data?.filter((c) => c.status === 'open') ?? [];
  const overdue = open.filter((c) => c.overdue).length;
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold">Information officer’s desk</h2>
      <p className="text-sm">
        Requests about personal data that need a person. The law gives {CASE_DAYS} days to answer
        each; every answer is mailed to the sender and kept here.
      </p>
      {isPending ? (
        <p role="status">Loading...</p>
      ) : isError ? (
        <p role="alert">The cases could not be loaded.</p>
      ) : data.length === 0 ? (
        <p>No requests yet.</p>
      ) : (
        <>
          <p className="font-medium">
            {open.length} open{overdue > 0 && `, ${overdue} overdue`}
          </p>
          <ul className="space-y-4">
            {data.map((item) => (
              <li
                key={item.id}
                className={`card border bg-base-100 shadow-sm ${item.overdue ? 'border-error' : 'border-base-300'}`}
              >
                <article className="card-body gap-2 p-4" aria-label={`Case ${item.id}`}>
                  <h3 className="flex flex-wrap items-center gap-2 font-semibold">
                    <span>
                      {CASE_KIND_LABELS[item.kind]} from{' '}
                      <span className="break-all">{item.email}</span>
                    </span>
                    <span className="badge badge-ghost">{CASE_STATUS_LABELS[item.status]}</span>
                  </h3>
                  <p className="text-sm">
                    Received {dateTime(item.receivedAt)}. <Deadline item={item} />
                  </p>
                  <p className="whitespace-pre-line break-words">{item.message}</p>
                  {item.reply !== null ? (
                    <div className="rounded-box bg-base-200 p-3 text-sm">
                      <p className="font-medium">
                        Answer by {item.repliedBy ?? 'a former team member'}
                      </p>
                      <p className="whitespace-pre-line break-words">{item.reply}</p>
                    </div>
                  ) : (
                    <ReplyForm item={item} />
                  )}
                </article>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
