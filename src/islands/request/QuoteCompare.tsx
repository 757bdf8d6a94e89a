/**
 * The status page's quotes (docs/decisions/0051): every provider of the request side by
 * side (stacked on a phone) with its rating, responsiveness and Verified checks, its
 * newest quote's total, VAT, deposit, start, warranty and validity, earlier versions
 * readable, and the customer's answers: agree to a preparation fee, accept one quote
 * (asked first: it is the agreed price), decline with a reason. Once a quote is accepted,
 * the agreed job: its variations to approve or decline, and its PDF. Loaded after the
 * rest of the page (LazyQuoteCompare).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { answer, api, ApiError } from '../../lib/api-client';
import { formatDay } from '../../lib/calendar-days';
import { withQueryClient } from '../../lib/query-client';
import type { CustomerQuotes, QuoteOffer, QuoteView, VariationView } from '../../lib/quote-answers';
import { formatCents, S15_WORDING, warrantyWords } from '../../lib/quotes';
import { refreshQueries } from '../../lib/refresh-queries';
import { responsivenessWords } from '../../lib/responsiveness';
import { useConfirm } from '../ui/ConfirmDialog';
import { TryAgain } from '../ui/TryAgain';
import { AcceptOrDecline, DeclineForm } from './AcceptOrDecline';
import {
  depositWords,
  DisputeNote,
  QuoteLines,
  QuoteStateBadge,
  QuoteTotals,
} from './QuoteDetails';

const quotesKey = (token: string) => ['/api/requests/quotes', token] as const;

function pdfUrl(path: string, token: string): string {
  return `${path}?token=${encodeURIComponent(token)}`;
}

/** What the customer's last answer did, or why it was refused, for the live region. */
type Notice = { tone: 'success' | 'error'; text: string } | undefined;

function useAnswer(
  token: string,
  setNotice: (notice: Notice) => void,
  onRequestChanged: () => Promise<void>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (send: () => Promise<{ message: string }>) => send(),
    onSuccess: async ({ message }) => {
      setNotice({ tone: 'success', text: message });
      await Promise.all([refreshQueries(queryClient, quotesKey(token)), onRequestChanged()]);
    },
    onError: async (error) => {
      setNotice({
        tone: 'error',
        text:
          error instanceof ApiError && error.serverMessage
            ? error.serverMessage
            : 'Your answer could not be sent. Please check your connection and try again.',
      });
      // A refusal (an expired or replaced quote): show the request as it is now.
      await refreshQueries(queryClient, quotesKey(token));
    },
  });
}

type Answer = ReturnType<typeof useAnswer>;

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3 border-b border-base-200 py-1 text-sm">
      <dt>{label}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

function ProviderFacts({ provider }: { provider: NonNullable<QuoteOffer['provider']> }) {
  const { headline } = responsivenessWords(provider.responsiveness, provider.createdAt);
  const passed = provider.verification.checks.filter((check) => check.status === 'passed');
  return (
    <dl className="text-sm">
      <Figure label="Rating">
        {provider.reviewCount > 0
          ? `${provider.rating.toFixed(1)} of 5 (${provider.reviewCount} reviews)`
          : 'No reviews yet'}
      </Figure>
      <Figure label="Responsiveness">{headline}</Figure>
      <Figure label="Verified">
        {provider.verification.status === 'verified' ? 'Yes' : 'Not verified'}
        {passed.length > 0 && (
          <span className="block text-xs font-normal">
            {passed.map((check) => check.label).join(', ')}
          </span>
        )}
      </Figure>
    </dl>
  );
}

function QuoteSummary({ quote }: { quote: QuoteView }) {
  return (
    <dl>
      <Figure label="Total">
        <span className="text-base font-bold">{formatCents(quote.totalCents)}</span>
      </Figure>
      <Figure label="VAT">
        {quote.vatPercent > 0 ? `${formatCents(quote.vatCents)} included` : 'None (not registered)'}
      </Figure>
      <Figure label="Deposit">{depositWords(quote)}</Figure>
      <Figure label="Earliest start">{formatDay(quote.earliestStart)}</Figure>
      <Figure label="Warranty">{warrantyWords(quote.warrantyMonths)}</Figure>
      <Figure label="Valid until">{formatDay(quote.validUntil)}</Figure>
      {quote.preparationFeeCents > 0 && (
        <Figure label="Preparing the quote">{formatCents(quote.preparationFeeCents)}</Figure>
      )}
    </dl>
  );
}

function OfferCard({
  offer,
  token,
  chosen,
  send,
  onAccept,
}: {
  offer: QuoteOffer;
  token: string;
  chosen: boolean;
  send: Answer;
  onAccept: (quote: QuoteView, providerName: string) => void;
}) {
  const headingId = useId();
  const [latest, ...earlier] = offer.quotes;
  const name = offer.provider?.name ?? 'A provider no longer listed';
  const fee = offer.preparationFee;
  return (
    <li
      className={`card border bg-base-100 shadow-sm ${chosen ? 'border-success' : 'border-base-300'}`}
      aria-labelledby={headingId}
    >
      <div className="card-body gap-3 p-4">
        <h3 id={headingId} className="card-title text-base">
          {offer.provider ? (
            <a className="link link-primary" href={`/provider/${offer.provider.id}`}>
              {name}
            </a>
          ) : (
            name
          )}
        </h3>
        {offer.provider && <ProviderFacts provider={offer.provider} />}

        {fee && !fee.agreedAt && !fee.declinedAt && (
          <div
            className="rounded-box bg-warning/15 p-3 text-sm"
            role="group"
            aria-label="Preparation fee"
          >
            <p>
              {name} asks {formatCents(fee.feeCents)} to prepare its quote (for example a site
              visit). You owe it only if you agree now.
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-primary btn-sm"
                disabled={send.isPending}
                onClick={() =>
                  send.mutate(() =>
                    answer(
                      api.requests['preparation-fee'].$post({
                        json: { token, enquiryId: offer.enquiryId, agree: true },
                      }),
                    ),
                  )
                }
              >
                Agree to {formatCents(fee.feeCents)}
              </button>
              <button
                type="button"
                className="btn btn-outline btn-sm"
                disabled={send.isPending}
                onClick={() =>
                  send.mutate(() =>
                    answer(
                      api.requests['preparation-fee'].$post({
                        json: { token, enquiryId: offer.enquiryId, agree: false },
                      }),
                    ),
                  )
                }
              >
                Decline the fee
              </button>
            </div>
          </div>
        )}
        {fee?.agreedAt && !latest && (
          <p className="text-sm">You agreed to a preparation fee of {formatCents(fee.feeCents)}.</p>
        )}

        {latest ? (
          <div className="space-y-2">
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-semibold">Quote version {latest.version}</span>
              <QuoteStateBadge state={latest.state} />
            </p>
            <QuoteSummary quote={latest} />
            {latest.declineReason && (
              <p className="text-sm">Your reason for declining: {latest.declineReason}</p>
            )}
            <details className="text-sm">
              <summary className="cursor-pointer">The lines of version {latest.version}</summary>
              <div className="mt-2 space-y-2">
                <QuoteLines lines={latest.lines} caption={`Lines of ${name}'s quote`} />
                <QuoteTotals figures={latest} />
                {latest.note && <p className="whitespace-pre-line">{latest.note}</p>}
              </div>
            </details>
            <a
              className="link text-sm"
              href={pdfUrl(`/api/requests/quotes/${latest.id}/pdf`, token)}
              target="_blank"
              rel="noopener"
            >
              Quote version {latest.version} as PDF
            </a>
            {latest.state === 'open' && (
              <AcceptOrDecline
                className="pt-1"
                acceptLabel="Accept this quote"
                declineLabel="Decline"
                pending={send.isPending}
                onAccept={() => onAccept(latest, name)}
                onDecline={(reason) =>
                  send.mutate(() =>
                    answer(
                      api.requests.quotes[':id{[0-9]+}'].decline.$post({
                        param: { id: String(latest.id) },
                        json: { token, reason },
                      }),
                    ),
                  )
                }
              />
            )}
          </div>
        ) : (
          <p className="text-sm">
            {offer.status === 'cancelled'
              ? 'This request is closed for this provider.'
              : 'No quote yet.'}
          </p>
        )}

        {earlier.length > 0 && (
          <details className="text-sm">
            <summary className="cursor-pointer">Earlier versions ({earlier.length})</summary>
            <ul className="mt-2 space-y-1">
              {earlier.map((quote) => (
                <li key={quote.id}>
                  Version {quote.version}: {formatCents(quote.totalCents)},{' '}
                  <QuoteStateBadge state={quote.state} />{' '}
                  <a
                    className="link"
                    href={pdfUrl(`/api/requests/quotes/${quote.id}/pdf`, token)}
                    target="_blank"
                    rel="noopener"
                  >
                    PDF
                  </a>
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
    </li>
  );
}

function VariationItem({
  variation,
  token,
  send,
  open,
}: {
  variation: VariationView;
  token: string;
  send: Answer;
  open: boolean;
}) {
  return (
    <li className="rounded-box border border-base-300 p-3 text-sm">
      <p className="font-semibold">
        Variation {variation.number}: {formatCents(variation.totalCents)}{' '}
        <span className="font-normal">
          (
          {variation.approvedAt
            ? 'approved'
            : variation.declinedAt
              ? 'declined'
              : 'waiting for your answer'}
          )
        </span>
      </p>
      <p className="mt-1 whitespace-pre-line">{variation.reason}</p>
      <details className="mt-1">
        <summary className="cursor-pointer">Its lines</summary>
        <QuoteLines lines={variation.lines} caption={`Lines of variation ${variation.number}`} />
        <QuoteTotals figures={variation} />
      </details>
      {open && !variation.approvedAt && !variation.declinedAt && (
        <AcceptOrDecline
          className="mt-2"
          acceptLabel={`Approve ${formatCents(variation.totalCents)} more`}
          declineLabel="Decline the variation"
          pending={send.isPending}
          onAccept={() =>
            send.mutate(() =>
              answer(
                api.requests.variations[':id{[0-9]+}'].approve.$post({
                  param: { id: String(variation.id) },
                  json: { token },
                }),
              ),
            )
          }
          onDecline={(reason) =>
            send.mutate(() =>
              answer(
                api.requests.variations[':id{[0-9]+}'].decline.$post({
                  param: { id: String(variation.id) },
                  json: { token, reason },
                }),
              ),
            )
          }
        />
      )}
    </li>
  );
}

function JobSection({
  job,
  token,
  send,
}: {
  job: NonNullable<CustomerQuotes['job']>;
  token: string;
  send: Answer;
}) {
  return (
    <div className="space-y-3 rounded-box bg-success/10 p-4">
      <h3 className="font-semibold">Your agreed job with {job.providerName}</h3>
      <p className="text-sm">
        You accepted quote version {job.version} on {formatDay(job.acceptedAt.slice(0, 10))}. The
        agreed price is <strong>{formatCents(job.agreedTotalCents)}</strong>
        {job.agreedTotalCents !== job.quoteTotalCents &&
          ` (the quote's ${formatCents(job.quoteTotalCents)} and the variations you approved)`}
        . It changes only by a variation you approve.
      </p>
      {job.completedAt && (
        <p className="text-sm font-semibold">
          Completed on {formatDay(job.completedAt.slice(0, 10))} at{' '}
          {formatCents(job.finalTotalCents ?? 0)}.
        </p>
      )}
      {job.variations.length > 0 && (
        <ul className="space-y-2">
          {job.variations.map((variation) => (
            <VariationItem
              key={variation.id}
              variation={variation}
              token={token}
              send={send}
              open={!job.completedAt}
            />
          ))}
        </ul>
      )}
      <p className="text-sm">
        <a
          className="link"
          href={pdfUrl('/api/requests/job/pdf', token)}
          target="_blank"
          rel="noopener"
        >
          The agreed job as PDF
        </a>
      </p>
      {job.disputedAt ? (
        <DisputeNote job={job} reader="customer" />
      ) : (
        <DeclineForm
          label="Raise a dispute"
          reasonLabel="What is in dispute (our team reads it, and contacts you and the provider)"
          pending={send.isPending}
          onDecline={(reason) =>
            send.mutate(() => answer(api.requests.job.dispute.$post({ json: { token, reason } })))
          }
        />
      )}
    </div>
  );
}

function QuoteCompare({
  token,
  onRequestChanged,
}: {
  token: string;
  /** An answer changed the request (a quote accepted, a job completed): the page reads it again. */
  onRequestChanged: () => Promise<void>;
}) {
  const headingId = useId();
  const [notice, setNotice] = useState<Notice>();
  const send = useAnswer(token, setNotice, onRequestChanged);
  const { confirm, dialog } = useConfirm();
  const quotes = useQuery({
    queryKey: quotesKey(token),
    queryFn: () => answer(api.requests.quotes.$get({ query: { token } })),
  });
  if (quotes.isPending) return null;
  if (quotes.isError) {
    return (
      <TryAgain className="text-sm" onRetry={() => void quotes.refetch()}>
        The quotes could not be loaded.
      </TryAgain>
    );
  }
  const { offers, job } = quotes.data;
  const anything = offers.some((offer) => offer.quotes.length > 0 || offer.preparationFee) || job;
  const accept = async (quote: QuoteView, providerName: string) => {
    const yes = await confirm({
      title: `Accept ${providerName}'s quote of ${formatCents(quote.totalCents)}?`,
      body: (
        <p>
          This is the agreed price: it changes only by a variation you approve. The other providers
          are told that you chose another quote.
        </p>
      ),
      confirmLabel: 'Accept the quote',
    });
    if (!yes) return;
    send.mutate(() =>
      answer(
        api.requests.quotes[':id{[0-9]+}'].accept.$post({
          param: { id: String(quote.id) },
          json: { token },
        }),
      ),
    );
  };
  return (
    <section
      aria-labelledby={headingId}
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-4 p-5 sm:p-6">
        <h2 id={headingId} className="card-title text-lg">
          {offers.length > 1 ? 'Compare the quotes' : 'Quote'}
        </h2>
        <div role="status" aria-live="polite">
          {notice && (
            <p className={`alert ${notice.tone === 'success' ? 'alert-success' : 'alert-error'}`}>
              {notice.text}
            </p>
          )}
        </div>
        {job && <JobSection job={job} token={token} send={send} />}
        {!anything && (
          <p className="text-sm">
            {offers.length > 1
              ? 'No quote yet. Each provider’s quote shows here side by side as it arrives, and we e-mail it to you.'
              : 'No quote yet. The provider’s quote shows here as soon as it arrives, and we e-mail it to you.'}
          </p>
        )}
        {anything && (
          <ul
            className={`grid gap-4 ${offers.length > 2 ? 'md:grid-cols-3' : offers.length > 1 ? 'sm:grid-cols-2' : ''}`}
          >
            {offers.map((offer) => (
              <OfferCard
                key={offer.enquiryId}
                offer={offer}
                token={token}
                chosen={job?.enquiryId === offer.enquiryId}
                send={send}
                onAccept={(quote, name) => void accept(quote, name)}
              />
            ))}
          </ul>
        )}
        <p className="text-xs">{S15_WORDING}</p>
      </div>
      {dialog}
    </section>
  );
}

// The query library comes with the comparison, not with the page (docs/decisions/0049).
export default withQueryClient(QuoteCompare);
