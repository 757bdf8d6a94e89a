import { PRICE_RECORD_MONTHS, priceRecordWords, type PriceRecord } from '../../lib/price-record';

/**
 * The provider's record of keeping to agreed prices (docs/decisions/0051): counted up to
 * now from the API's answer, never from the build, like responsiveness.
 */
export function PriceRecordSection({
  record,
  failed,
}: {
  record: PriceRecord | undefined;
  failed: boolean;
}) {
  return (
    <section
      className="card border border-base-300 bg-base-100 shadow-sm"
      aria-labelledby="price-record-heading"
    >
      <div className="card-body gap-2">
        <h2 id="price-record-heading" className="card-title text-lg">
          Agreed prices
        </h2>
        {record ? (
          <div className="text-sm" data-testid="price-record">
            <p className="font-semibold">{priceRecordWords(record)}</p>
            <p>
              Jobs with an accepted quote completed in the last {PRICE_RECORD_MONTHS} months, at no
              more than the agreed price (the quote and the changes the customer approved in
              writing) and with no dispute.
            </p>
          </div>
        ) : failed ? (
          <p className="text-sm">Not available right now.</p>
        ) : (
          <div className="skeleton h-12 w-full" aria-hidden="true" />
        )}
      </div>
    </section>
  );
}
