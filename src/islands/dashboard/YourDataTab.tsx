import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { answer, api, type ApiAnswer } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { ME_KEY } from '../../lib/provider-dashboard';
import { refreshQueries } from '../../lib/refresh-queries';
import { toast } from '../../lib/toast';
import { WhoLooked } from '../privacy/WhoLooked';
import { useConfirm } from '../ui/ConfirmDialog';

const MY_DATA_KEY = ['/api/provider/my-data'] as const;

type View = ApiAnswer<(typeof api.provider)['my-data']['$get']>;

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-4 sm:p-6">
        <h3 className="card-title text-lg">{title}</h3>
        {children}
      </div>
    </section>
  );
}

function Listed<T>({
  items,
  none,
  line,
}: {
  items: T[];
  none: string;
  line: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <p>{none}</p>;
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm">
      {items.map((item, index) => (
        <li key={index} className="break-words">
          {line(item)}
        </li>
      ))}
    </ul>
  );
}

function CloseAccount({ view }: { view: View }) {
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const close = useMutation({
    mutationFn: () => answer(api.provider['my-data'].close.$post()),
    onSuccess: async ({ message }) => {
      toast({ title: 'Account Closed', description: message });
      await refreshQueries(queryClient, MY_DATA_KEY, ME_KEY);
    },
    onError: () =>
      toast({
        title: 'Not Closed',
        description: 'The account could not be closed. Please try again.',
        variant: 'destructive',
      }),
  });
  if (view.closedAt && view.erasedOn) {
    return (
      <p>
        You closed the account on {formatDate(view.closedAt)}. It is no longer listed, and we erase
        this data on {formatDate(view.erasedOn)}.
      </p>
    );
  }
  async function ask() {
    const yes = await confirm({
      title: 'Close your account?',
      body: (
        <p>
          Your business leaves search and its page at once, and customers can no longer send you
          requests. You are signed out; signed in again, you can still download your data. We keep
          the profile, application, checks and documents for {view.retention}, as the checks need,
          and then erase them.
        </p>
      ),
      confirmLabel: 'Close my account',
      tone: 'danger',
    });
    if (yes) close.mutate();
  }
  return (
    <>
      <p>
        Your business leaves search and its page at once. We keep what is listed here for{' '}
        {view.retention}, as the checks need, and then erase it.
      </p>
      <button
        type="button"
        className="btn btn-error sm:self-start"
        disabled={close.isPending}
        onClick={() => void ask()}
      >
        Close my account
      </button>
      {dialog}
    </>
  );
}

/**
 * "Your data" (docs/decisions/0053): what we hold about the provider, the same download as
 * a customer's privacy centre gives, and closing the account.
 */
export function YourDataTab() {
  const {
    data: view,
    isPending,
    isError,
  } = useQuery({
    queryKey: MY_DATA_KEY,
    queryFn: () => answer(api.provider['my-data'].$get()),
  });
  if (isPending) return <p role="status">Loading...</p>;
  if (isError) return <p role="alert">Your data could not be loaded. Please try again.</p>;
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold">Your data</h2>
      <p>
        Everything we hold about your business and you, who in our team looked at it, and how to
        take it with you or close the account.
      </p>
      <a className="btn btn-primary sm:self-start" href="/api/provider/my-data/download" download>
        Download all of it (ZIP)
      </a>
      <Part title="Your profile">
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {view.profile.map((field) => (
            <div key={field.label} className="contents">
              <dt className="font-medium">{field.label}</dt>
              <dd className="break-words">{field.value}</dd>
            </div>
          ))}
        </dl>
      </Part>
      <Part title="Your application">
        <Listed
          items={view.applications}
          none="No application is held."
          line={(a) => `Sent ${formatDate(a.submittedAt)}: ${a.status}`}
        />
      </Part>
      <Part title="Checks and documents">
        <Listed
          items={view.checks}
          none="No checks are recorded."
          line={(c) =>
            `${c.check}: ${c.status}${c.validUntil ? `, valid until ${formatDate(c.validUntil)}` : ''}`
          }
        />
        <Listed
          items={view.documents}
          none="No documents are held."
          line={(d) => `${d.fileName} (${d.check}), sent ${formatDate(d.uploadedAt)}`}
        />
      </Part>
      <Part title="Requests you received">
        <Listed
          items={view.enquiries}
          none="No requests yet."
          line={(e) =>
            `${e.reference}: ${e.service}, received ${formatDate(e.receivedAt)}, ${e.status}`
          }
        />
      </Part>
      <Part title="Reviews">
        <Listed
          items={view.reviews}
          none="No reviews yet."
          line={(r) => `${r.rating} of 5, ${formatDate(r.writtenAt)}: ${r.comment}`}
        />
      </Part>
      <Part title="Who looked">
        <WhoLooked looks={view.whoLooked} />
      </Part>
      <Part title="Close the account">
        <CloseAccount view={view} />
      </Part>
    </div>
  );
}
