import { useEffect } from 'react';
import type { ProviderEnquiry } from '../../lib/api-answers';
import { api } from '../../lib/api-client';
import { serviceName } from '../../lib/catalog/categories';
import { budgetLabel } from '../../lib/catalog/enquiry-options';
import { formatDate, formatDateTime } from '../../lib/format';
import { CONTACT_WITHHELD } from '../../lib/listing-paused.ts';
import { formatSaPhone, telHref } from '../../lib/phone';
import { requestReference } from '../../lib/request-reference';
import { BriefDetails } from '../request/BriefDetails';
import { CustomerEmail } from './CustomerEmail';
import { StatusBadge, UrgencyBadge } from './EnquiryBadges';
import { EnquiryConversation } from './EnquiryConversation';
import { EnquiryQuotes } from './QuoteEditor';

function EnquiryCard({
  enquiry,
  onRespond,
}: {
  enquiry: ProviderEnquiry;
  onRespond: (enquiry: ProviderEnquiry) => void;
}) {
  return (
    <article
      id={`enquiry-${enquiry.id}`}
      className="card border border-base-300 bg-base-100 shadow-sm"
      aria-label={`Enquiry from ${enquiry.customerName}`}
    >
      <div className="card-body gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 className="text-lg font-semibold">{enquiry.customerName}</h2>
            <p className="text-sm">
              {requestReference(enquiry.groupId ?? enquiry.id, enquiry.createdAt)} ·{' '}
              {formatDate(enquiry.createdAt)}
            </p>
          </div>
          <div className="flex flex-wrap gap-1">
            <UrgencyBadge urgency={enquiry.urgency} />
            <StatusBadge status={enquiry.status} />
            {enquiry.providerResponse && (
              <span className="badge badge-sm badge-outline">Responded</span>
            )}
          </div>
        </div>
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-semibold">Service</dt>
            <dd>{serviceName(enquiry.serviceType)}</dd>
          </div>
          <div>
            <dt className="font-semibold">Location</dt>
            <dd>{enquiry.location}</dd>
          </div>
          <div>
            <dt className="font-semibold">Email</dt>
            <dd className="break-all">
              <CustomerEmail enquiry={enquiry} />
            </dd>
          </div>
          <div>
            <dt className="font-semibold">Phone</dt>
            <dd>
              {enquiry.contactWithheld ? (
                CONTACT_WITHHELD
              ) : enquiry.customerPhone ? (
                <a className="link" href={telHref(enquiry.customerPhone)}>
                  {formatSaPhone(enquiry.customerPhone)}
                </a>
              ) : (
                'N/A'
              )}
            </dd>
          </div>
          <div>
            <dt className="font-semibold">Budget</dt>
            <dd>{budgetLabel(enquiry.budget)}</dd>
          </div>
        </dl>
        <p className="whitespace-pre-line">{enquiry.description}</p>
        <BriefDetails brief={enquiry.brief} photos={enquiry.photos} />
        <EnquiryConversation enquiry={enquiry} />
        {enquiry.responses.length > 0 && (
          <section aria-label="Your responses" className="rounded-box bg-base-200 p-3 text-sm">
            <h3 className="font-semibold">Your responses</h3>
            <ol className="mt-1 space-y-2">
              {enquiry.responses.map((response) => (
                <li key={response.at}>
                  <p className="text-xs">{formatDateTime(response.at)}</p>
                  <p className="whitespace-pre-line">{response.text}</p>
                </li>
              ))}
            </ol>
          </section>
        )}
        <EnquiryQuotes
          enquiryId={enquiry.id}
          closed={['completed', 'cancelled'].includes(enquiry.status)}
        />
        {enquiry.status === 'cancelled' && enquiry.cancelReason !== null ? (
          // The customer's cancellation is final: the server refuses a response (409).
          <p className="text-sm">
            <span className="font-semibold">Cancelled by the customer:</span> {enquiry.cancelReason}
          </p>
        ) : enquiry.contactWithheld ? null : (
          <div className="card-actions justify-end">
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={() => onRespond(enquiry)}
            >
              Respond
            </button>
          </div>
        )}
      </div>
    </article>
  );
}

/**
 * The requests on screen are marked seen, once: their customers' status pages
 * show when the provider first had them in front of it. Failing to mark is not the
 * provider's problem: it is tried again the next time the list is shown.
 */
function useMarkSeen(enquiries: ProviderEnquiry[] | undefined) {
  const unseen = (enquiries ?? []).filter((enquiry) => !enquiry.seenAt).map(({ id }) => id);
  const key = unseen.join(',');
  useEffect(() => {
    if (!key) return;
    const ids = key.split(',').map(Number);
    void api.provider.enquiries.seen.$post({ json: { ids } }).catch(() => undefined);
  }, [key]);
}

export function EnquiriesTab({
  enquiries,
  isPending,
  isError,
  onRespond,
  linkedEnquiry,
}: {
  /** The request a mail linked to: brought into view once the list is there. */
  linkedEnquiry?: number | undefined;
  enquiries: ProviderEnquiry[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRespond: (enquiry: ProviderEnquiry) => void;
}) {
  useMarkSeen(enquiries);
  const listed = Boolean(enquiries?.some((enquiry) => enquiry.id === linkedEnquiry));
  useEffect(() => {
    if (listed) document.getElementById(`enquiry-${linkedEnquiry}`)?.scrollIntoView();
  }, [listed, linkedEnquiry]);
  if (isPending)
    return (
      <p role="status" className="py-8 text-center">
        Loading enquiries...
      </p>
    );
  if (isError)
    return (
      <p role="alert" className="alert alert-error">
        Failed to load your enquiries. Please try again.
      </p>
    );
  if (!enquiries?.length) return <p className="py-8 text-center">No enquiries found</p>;
  return (
    <div className="space-y-4">
      {enquiries.map((enquiry) => (
        <EnquiryCard key={enquiry.id} enquiry={enquiry} onRespond={onRespond} />
      ))}
    </div>
  );
}
