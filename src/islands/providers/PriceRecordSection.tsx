import { PRICE_RECORD_MONTHS, priceRecordWords, type PriceRecord } from '../../lib/price-record';
import { LiveFactSection } from './LiveFactSection';

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
    <LiveFactSection headingId="price-record-heading" title="Agreed prices" failed={failed}>
      {record && (
        <div className="text-sm" data-testid="price-record">
          <p className="font-semibold">{priceRecordWords(record)}</p>
          <p>
            Jobs with an accepted quote completed in the last {PRICE_RECORD_MONTHS} months, at no
            more than the agreed price (the quote and the changes the customer approved in writing)
            and with no dispute.
          </p>
        </div>
      )}
    </LiveFactSection>
  );
}
