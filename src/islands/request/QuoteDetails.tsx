/**
 * A quote's lines and terms, and a disputed job's note, as the status page and the
 * dashboard show them.
 */
import { formatDay } from '../../lib/calendar-days';
import type { JobView, QuoteLineView, QuoteView, VariationView } from '../../lib/quote-answers';
import {
  formatCents,
  formatQuantity,
  QUOTE_LINE_KIND_LABELS,
  warrantyWords,
} from '../../lib/quotes';

export const QUOTE_STATE_LABELS: Record<QuoteView['state'], string> = {
  open: 'Open',
  expired: 'Expired',
  superseded: 'Replaced by a newer version',
  declined: 'Declined',
  accepted: 'Accepted',
  'not-chosen': 'Not chosen',
};

export const QUOTE_STATE_BADGES: Record<QuoteView['state'], string> = {
  open: 'badge-info',
  expired: 'badge-ghost',
  superseded: 'badge-ghost',
  declined: 'badge-warning',
  accepted: 'badge-success',
  'not-chosen': 'badge-ghost',
};

export function QuoteStateBadge({ state }: { state: QuoteView['state'] }) {
  return (
    <span className={`badge badge-sm ${QUOTE_STATE_BADGES[state]}`}>
      {QUOTE_STATE_LABELS[state]}
    </span>
  );
}

/** The lines as a table that scrolls sideways on a narrow screen. */
export function QuoteLines({
  lines,
  caption,
}: {
  lines: readonly QuoteLineView[];
  caption: string;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="table table-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="text-right">
              Qty
            </th>
            <th scope="col">Unit</th>
            <th scope="col" className="text-right">
              Unit price
            </th>
            <th scope="col" className="text-right">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => (
            <tr key={index}>
              <td className="min-w-40">
                <span className="text-xs">{QUOTE_LINE_KIND_LABELS[line.kind]}</span>
                <br />
                {line.description}
              </td>
              <td className="text-right">{formatQuantity(line.quantity)}</td>
              <td>{line.unit}</td>
              <td className="text-right whitespace-nowrap">{formatCents(line.unitPriceCents)}</td>
              <td className="text-right whitespace-nowrap">{formatCents(line.totalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Subtotal, VAT and total of a quote or a variation. */
export function QuoteTotals({
  figures,
}: {
  figures: Pick<
    QuoteView | VariationView,
    'subtotalCents' | 'vatCents' | 'vatPercent' | 'totalCents'
  >;
}) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 text-sm">
      <dt>Subtotal</dt>
      <dd className="text-right">{formatCents(figures.subtotalCents)}</dd>
      <dt>{figures.vatPercent > 0 ? `VAT (${figures.vatPercent}%)` : 'VAT'}</dt>
      <dd className="text-right">
        {figures.vatPercent > 0 ? formatCents(figures.vatCents) : 'None (not VAT-registered)'}
      </dd>
      <dt className="font-semibold">Total</dt>
      <dd className="text-right font-semibold">{formatCents(figures.totalCents)}</dd>
    </dl>
  );
}

/** The deposit in words: 'R1 816,54 (20% of the total)', 'None'. */
export function depositWords(quote: Pick<QuoteView, 'depositCents' | 'depositPercent'>): string {
  if (quote.depositCents === 0) return 'None';
  return quote.depositPercent === null
    ? formatCents(quote.depositCents)
    : `${formatCents(quote.depositCents)} (${quote.depositPercent}% of the total)`;
}

/** The terms of a quote: validity, deposit, start, warranty, preparation fee. */
export function quoteTerms(quote: QuoteView): [string, string][] {
  return [
    ['Valid until', formatDay(quote.validUntil)],
    ['Deposit', depositWords(quote)],
    ['Earliest start', formatDay(quote.earliestStart)],
    ['Warranty', warrantyWords(quote.warrantyMonths)],
    ['Work', quote.repairWork ? 'Repair or maintenance' : 'New work or installation'],
    [
      'Preparing the quote',
      quote.preparationFeeCents > 0
        ? `${formatCents(quote.preparationFeeCents)} (agreed before the visit)`
        : 'Free',
    ],
  ];
}

export function QuoteTerms({ quote }: { quote: QuoteView }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {quoteTerms(quote).map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A disputed job's line, the same for both sides of it: who raised the dispute, "you" to
 * the side that did, why, and what happens next.
 */
export function DisputeNote({
  job,
  reader,
}: {
  job: Pick<JobView, 'disputedBy' | 'disputeReason'>;
  /** The side that reads the note. */
  reader: NonNullable<JobView['disputedBy']>;
}) {
  const otherSide = reader === 'customer' ? 'the provider' : 'the customer';
  return (
    <p className="text-sm">
      <span className="font-semibold">
        Disputed by {job.disputedBy === reader ? 'you' : otherSide}:
      </span>{' '}
      {job.disputeReason} Our team looks at the job and contacts both sides.
    </p>
  );
}
