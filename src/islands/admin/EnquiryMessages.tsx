import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { answer, api } from '../../lib/api-client';
import { MessageThread } from '../request/MessageThread';

/**
 * The desk's view of an enquiry's conversation (docs/decisions/0050): every message
 * between its customer and its provider (and a provider it had before), with their files.
 * Read only: the desk writes to either side by its own means.
 */
export function EnquiryMessages({
  enquiryId,
  customerName,
}: {
  enquiryId: number;
  customerName: string;
}) {
  const headingId = useId();
  const messages = useQuery({
    queryKey: ['/api/admin/enquiries', enquiryId, 'messages'],
    queryFn: () =>
      answer(
        api.admin.enquiries[':id{[0-9]+}'].messages.$get({ param: { id: String(enquiryId) } }),
      ),
  });
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="font-semibold">
        Messages
      </h3>
      {messages.isPending ? (
        <p role="status">Loading messages...</p>
      ) : messages.isError ? (
        <p role="alert">The messages could not be loaded.</p>
      ) : (
        <MessageThread
          messages={messages.data.messages}
          reader="desk"
          label={`Messages of ${customerName}'s request`}
          authorName={(message) =>
            message.author === 'customer'
              ? customerName
              : (message.providerName ?? 'A provider no longer listed')
          }
          empty="No messages between the customer and the provider."
        />
      )}
    </section>
  );
}
