import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { answer, api } from '../../lib/api-client';
import { withQueryClient } from '../../lib/query-client';
import { refreshQueries } from '../../lib/refresh-queries';
import { Tabs } from '../ui/Tabs';
import { TryAgain } from '../ui/TryAgain';
import { MessageForm } from './MessageForm';
import { MessageThread } from './MessageThread';

const messagesKey = (token: string) => ['/api/requests/messages', token] as const;

type Conversations = Awaited<ReturnType<typeof readConversations>>;
type OneConversation = Conversations['conversations'][number];

const readConversations = (token: string) =>
  answer(api.requests.messages.$get({ query: { token } }));

function ConversationPanel({
  token,
  conversation,
}: {
  token: string;
  conversation: OneConversation;
}) {
  const queryClient = useQueryClient();
  const name = conversation.provider?.name ?? 'the provider';
  return (
    <div className="space-y-4">
      <MessageThread
        messages={conversation.messages}
        reader="customer"
        label={`Messages with ${name}`}
        authorName={(message) => message.providerName ?? name}
        empty={`No messages with ${name} yet.`}
      />
      {conversation.canWrite ? (
        <MessageForm
          label={`Your message to ${name}`}
          ticketRoute={api.public.requests.messages.upload.$post}
          hint={`We e-mail ${name} that you wrote (at most once an hour); your e-mail address and phone number are not in that e-mail.`}
          onSend={async (message) => {
            await answer(
              api.requests.messages.$post({
                json: { token, enquiryId: conversation.enquiryId, ...message },
              }),
            );
            await refreshQueries(queryClient, messagesKey(token));
          }}
        />
      ) : (
        <p className="text-sm">
          {conversation.provider
            ? 'This part of your request is closed: no more messages can be sent here.'
            : 'This request has no provider to write to now. Our team follows it.'}
        </p>
      )}
    </div>
  );
}

/**
 * The customer's conversations on the status page (docs/decisions/0050): one with each
 * provider the request went to, in tabs when there are several. The token is the key, as
 * for the rest of the page; what the provider writes arrives by e-mail with a link here.
 */
function Conversation({ token }: { token: string }) {
  const headingId = useId();
  const query = useQuery({
    queryKey: messagesKey(token),
    queryFn: () => readConversations(token),
    refetchInterval: 60_000,
  });
  const conversations = query.data?.conversations ?? [];
  return (
    <section
      aria-labelledby={headingId}
      className="card border border-base-300 bg-base-100 shadow-sm"
      data-testid="conversation"
    >
      <div className="card-body gap-3 p-5 sm:p-6">
        <h2 id={headingId} className="card-title text-lg">
          Messages
        </h2>
        {query.isPending ? (
          <p role="status">Loading your messages...</p>
        ) : query.isError ? (
          <TryAgain onRetry={() => void query.refetch()}>
            Your messages could not be loaded.
          </TryAgain>
        ) : conversations.length === 1 && conversations[0] ? (
          <ConversationPanel token={token} conversation={conversations[0]} />
        ) : (
          <Tabs
            label="Your providers"
            tabs={conversations.map((conversation) => ({
              id: String(conversation.enquiryId),
              label: `${conversation.provider?.name ?? 'No provider'} (${conversation.messages.length})`,
              content: <ConversationPanel token={token} conversation={conversation} />,
            }))}
          />
        )}
      </div>
    </section>
  );
}

// The query library comes with the conversation, not with the page (docs/decisions/0049).
export default withQueryClient(Conversation);
