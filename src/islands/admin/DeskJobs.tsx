/**
 * The enquiry desk's agreed jobs (docs/decisions/0051): every accepted quote, disputed
 * ones first with the side that raised it and why, the agreed and final totals, and on
 * opening one the quotes of its request (every provider's, every version) and its
 * variations; the jobs' CSV.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { answer, api } from '../../lib/api-client';
import { formatDay } from '../../lib/calendar-days';
import { formatCents } from '../../lib/quotes';
import { QuoteLines, QuoteStateBadge, QuoteTotals } from '../request/QuoteDetails';
import { AdminTable } from './AdminTable';
import { QueryResult } from './QueryResult';

type DeskJob = Awaited<ReturnType<typeof fetchJobs>>[number];

const fetchJobs = () => answer(api.admin.jobs.$get());

function JobQuotes({ enquiryId }: { enquiryId: number }) {
  const quotes = useQuery({
    queryKey: ['/api/admin/enquiries/quotes', enquiryId],
    queryFn: () =>
      answer(api.admin.enquiries[':id{[0-9]+}'].quotes.$get({ param: { id: String(enquiryId) } })),
  });
  if (quotes.isPending) return <p role="status">Loading the quotes...</p>;
  if (quotes.isError) return <p role="alert">The quotes could not be loaded.</p>;
  const { job } = quotes.data;
  return (
    <div className="space-y-3">
      {quotes.data.quotes.map((quote) => (
        <details key={quote.id} className="rounded-box border border-base-300 p-3">
          <summary className="flex cursor-pointer flex-wrap items-center gap-2">
            {quote.providerName}, version {quote.version}: {formatCents(quote.totalCents)}
            <QuoteStateBadge state={quote.state} />
          </summary>
          <div className="mt-2 space-y-2">
            <QuoteLines lines={quote.lines} caption={`Version ${quote.version}`} />
            <QuoteTotals figures={quote} />
            {quote.declineReason && <p>Declined: {quote.declineReason}</p>}
            <a
              className="link text-sm"
              href={`/api/admin/quotes/${quote.id}/pdf`}
              target="_blank"
              rel="noopener"
            >
              PDF
            </a>
          </div>
        </details>
      ))}
      {job && job.variations.length > 0 && (
        <ul className="space-y-1 text-sm">
          {job.variations.map((variation) => (
            <li key={variation.id}>
              Variation {variation.number}: {formatCents(variation.totalCents)},{' '}
              {variation.approvedAt ? 'approved' : variation.declinedAt ? 'declined' : 'waiting'}.{' '}
              {variation.reason}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function JobRow({ job }: { job: DeskJob }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <tr>
        <td>
          <div className="font-semibold">{job.reference}</div>
          <div className="text-sm">{job.customerName}</div>
          {job.disputedAt && (
            <div className="mt-1 text-sm">
              <span className="badge badge-sm badge-error">Disputed by the {job.disputedBy}</span>{' '}
              {job.disputeReason}
            </div>
          )}
        </td>
        <td>{job.providerName ?? '—'}</td>
        <td className="text-right whitespace-nowrap">{formatCents(job.agreedTotalCents)}</td>
        <td className="text-right whitespace-nowrap">
          {job.finalTotalCents === null ? '—' : formatCents(job.finalTotalCents)}
        </td>
        <td className="text-sm whitespace-nowrap">
          {job.completedAt
            ? `Completed ${formatDay(job.completedAt.slice(0, 10))}`
            : `Accepted ${formatDay(job.acceptedAt.slice(0, 10))}`}
          {job.pendingVariations > 0 && (
            <div>
              {job.pendingVariations} variation{job.pendingVariations > 1 ? 's' : ''} waiting
            </div>
          )}
        </td>
        <td>
          <button
            type="button"
            className="btn btn-sm"
            aria-expanded={open}
            aria-label={`Quotes of ${job.reference}`}
            onClick={() => setOpen(!open)}
          >
            Quotes
          </button>
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={6}>
            <JobQuotes enquiryId={job.enquiryId} />
          </td>
        </tr>
      )}
    </>
  );
}

export function DeskJobs() {
  const jobs = useQuery({ queryKey: ['/api/admin/jobs'], queryFn: fetchJobs });
  return (
    <section className="space-y-3" aria-labelledby="desk-jobs-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="desk-jobs-heading" className="text-lg font-semibold">
          Agreed jobs
        </h2>
        <a className="btn btn-outline btn-sm" href="/api/admin/exports/jobs.csv" download>
          Download jobs CSV
        </a>
      </div>
      <QueryResult query={jobs} loading="Loading the jobs..." failed="Failed to load the jobs.">
        {(data) =>
          data.length === 0 ? (
            <p>No quote has been accepted yet.</p>
          ) : (
            <AdminTable columns={['Request', 'Provider', 'Agreed', 'Final', 'State']}>
              {data.map((job) => (
                <JobRow key={job.id} job={job} />
              ))}
            </AdminTable>
          )
        }
      </QueryResult>
    </section>
  );
}
