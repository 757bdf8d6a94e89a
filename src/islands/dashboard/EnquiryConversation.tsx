import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ProviderEnquiry } from '../../lib/api-answers';
import { answer, api } from '../../lib/api-client';
import { LISTING_PAUSED } from '../../lib/listing-paused';
import { refreshQueries } from '../../lib/refresh-queries';
import { MessageForm } from '../request/MessageForm';
import { MessageThread } from '../request/MessageThread';
import { TryAgain } from '../ui/TryAgain';
import { useSignedInQuery } from './session';

/** How many messages each of the provider's requests has: one call for all the cards. */
const SUMMARIES_KEY = ['/api/provider/messages'] as const;
const threadKey = (id: number) => ['/api/provider/enquiries', id, 'messages'] as const;

/** The request a mail linked to (`/dashboard?enquiry=<id>`) opens with its messages shown. */
function linkedTo(id: number): boolean {
  if (typeof window === 'undefined') return false;
  return new URLSearchParams(window.location.search).get('enquiry') === String(id);
}

function Thread({ enquiry }: { enquiry: ProviderEnquiry }) {
  const queryClient = useQueryClient();
  const thread = useSignedInQuery(threadKey(enquiry.id), () =>
    answer(
      api.provider.enquiries[':id{[0-9]+}'].messages.$get({ param: { id: String(enquiry.id) } }),
    ),
  );
  if (thread.isPending) return <p role="status">Loading messages...</p>;
  if (thread.isError) {
    return (
      <TryAgain onRetry={() => void thread.refetch()}>The messages could not be loaded.</TryAgain>
    );
  }
  return (
    <div className="space-y-4">
      <MessageThread
        messages={thread.data.messages}
        reader="provider"
        label={`Messages with ${enquiry.customerName}`}
        authorName={() => enquiry.customerName}
        empty={`No messages yet. Write to ${enquiry.customerName} here: they answer on their request's page.`}
      />
      {thread.data.canWrite ? (
        <MessageForm
          label={`Your message to ${enquiry.customerName}`}
          ticketRoute={api.provider.messages.upload.$post}
          hint="We e-mail the customer a link to it once they have confirmed their address (at most once an hour)."
          onSend={async (message) => {
            await answer(
              api.provider.enquiries[':id{[0-9]+}'].messages.$post({
                param: { id: String(enquiry.id) },
                json: message,
              }),
            );
            await refreshQueries(queryClient, threadKey(enquiry.id), SUMMARIES_KEY);
          }}
        />
      ) : (
        <p className="text-sm">This request is closed: no more messages can be sent on it.</p>
      )}
    </div>
  );
}

/**
 * The conversation with the customer on an enquiry's card (docs/decisions/0050): closed
 * at first with the count of messages (and whether the customer wrote last), open for
 * the request a mail linked to.
 */
export function EnquiryConversation({ enquiry }: { enquiry: ProviderEnquiry }) {
  const panelId = useId();
  const [open, setOpen] = useState(() => linkedTo(enquiry.id));
  const summaries = useSignedInQuery(
    SUMMARIES_KEY,
    () => answer(api.provider.messages.$get()),
    60_000,
  );
  const summary = summaries.data?.find((s) => s.enquiryId === enquiry.id);
  const count = summary?.count ?? 0;
  return (
    <div className="rounded-box border border-base-300">
      <button
        type="button"
        className="flex w-full items-center justify-between gap-2 p-3 text-left font-semibold"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        <span>
          Messages ({count})
          {summary?.lastAuthor === 'customer' && (
            <span className="ml-2 badge badge-sm badge-info">The customer wrote last</span>
          )}
        </span>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className={`h-4 w-4 fill-none stroke-current stroke-2 motion-safe:transition-transform ${open ? 'rotate-180' : ''}`}
        >
          <path d="M6 9l6 6 6-6" />
        </svg>
      </button>
      <div id={panelId} hidden={!open} className="border-t border-base-300 p-3">
        {open &&
          (enquiry.contactWithheld ? (
            <p className="text-sm">{LISTING_PAUSED}</p>
          ) : (
            <Thread enquiry={enquiry} />
          ))}
      </div>
    </div>
  );
}
